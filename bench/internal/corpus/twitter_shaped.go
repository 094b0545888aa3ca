package corpus

// TwitterShaped is twitter_status.json as a client that types what it reads
// and leaves the rest loose would decode it: the fields that are null or of
// several kinds as any, the lists it does not read as []any, the metadata as
// map[string]any.
type TwitterShaped struct {
	Statuses       []TwitterShapedStatus `json:"statuses"`
	SearchMetadata map[string]any        `json:"search_metadata"`
}

// TwitterShapedStatus is TwitterStatus with its optional and null fields as
// any.
type TwitterShapedStatus struct {
	Metadata             map[string]any        `json:"metadata"`
	CreatedAt            string                `json:"created_at"`
	ID                   int64                 `json:"id"`
	IDStr                string                `json:"id_str"`
	Text                 string                `json:"text"`
	Source               string                `json:"source"`
	Truncated            bool                  `json:"truncated"`
	InReplyToStatusID    any                   `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr any                   `json:"in_reply_to_status_id_str"`
	InReplyToUserID      any                   `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   any                   `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  any                   `json:"in_reply_to_screen_name"`
	User                 TwitterShapedUser     `json:"user"`
	Geo                  any                   `json:"geo"`
	Coordinates          any                   `json:"coordinates"`
	Place                any                   `json:"place"`
	Contributors         []any                 `json:"contributors"`
	RetweetedStatus      *TwitterShapedStatus  `json:"retweeted_status,omitempty"`
	RetweetCount         int64                 `json:"retweet_count"`
	FavoriteCount        int64                 `json:"favorite_count"`
	Entities             TwitterShapedEntities `json:"entities"`
	Favorited            bool                  `json:"favorited"`
	Retweeted            bool                  `json:"retweeted"`
	PossiblySensitive    any                   `json:"possibly_sensitive,omitempty"`
	Lang                 string                `json:"lang"`
}

// TwitterShapedEntities is TwitterEntities with the lists a client does not
// read as []any.
type TwitterShapedEntities struct {
	Hashtags     []TwitterHashtag     `json:"hashtags"`
	Symbols      []any                `json:"symbols"`
	URLs         []any                `json:"urls"`
	UserMentions []TwitterUserMention `json:"user_mentions"`
	Media        []any                `json:"media,omitempty"`
}

// TwitterShapedUser is TwitterUser with its optional fields and its links
// as any.
type TwitterShapedUser struct {
	ID                             int64  `json:"id"`
	IDStr                          string `json:"id_str"`
	Name                           string `json:"name"`
	ScreenName                     string `json:"screen_name"`
	Location                       string `json:"location"`
	Description                    string `json:"description"`
	URL                            any    `json:"url"`
	Entities                       any    `json:"entities"`
	Protected                      bool   `json:"protected"`
	FollowersCount                 int64  `json:"followers_count"`
	FriendsCount                   int64  `json:"friends_count"`
	ListedCount                    int64  `json:"listed_count"`
	CreatedAt                      string `json:"created_at"`
	FavouritesCount                int64  `json:"favourites_count"`
	UTCOffset                      any    `json:"utc_offset"`
	TimeZone                       any    `json:"time_zone"`
	GeoEnabled                     bool   `json:"geo_enabled"`
	Verified                       bool   `json:"verified"`
	StatusesCount                  int64  `json:"statuses_count"`
	Lang                           string `json:"lang"`
	ContributorsEnabled            bool   `json:"contributors_enabled"`
	IsTranslator                   bool   `json:"is_translator"`
	IsTranslationEnabled           bool   `json:"is_translation_enabled"`
	ProfileBackgroundColor         string `json:"profile_background_color"`
	ProfileBackgroundImageURL      string `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool   `json:"profile_background_tile"`
	ProfileImageURL                string `json:"profile_image_url"`
	ProfileImageURLHTTPS           string `json:"profile_image_url_https"`
	ProfileBannerURL               any    `json:"profile_banner_url,omitempty"`
	ProfileLinkColor               string `json:"profile_link_color"`
	ProfileSidebarBorderColor      string `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool   `json:"profile_use_background_image"`
	DefaultProfile                 bool   `json:"default_profile"`
	DefaultProfileImage            bool   `json:"default_profile_image"`
	Following                      bool   `json:"following"`
	FollowRequestSent              bool   `json:"follow_request_sent"`
	Notifications                  bool   `json:"notifications"`
}
