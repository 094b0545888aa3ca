package corpus

// Twitter is twitter_status.json: a page of search results of the Twitter
// API, with retweets holding whole statuses, many optional and null fields,
// and Japanese text.
type Twitter struct {
	Statuses       []TwitterStatus       `json:"statuses"`
	SearchMetadata TwitterSearchMetadata `json:"search_metadata"`
}

// TwitterStatus is one tweet.
type TwitterStatus struct {
	Metadata             TwitterStatusMetadata `json:"metadata"`
	CreatedAt            string                `json:"created_at"`
	ID                   int64                 `json:"id"`
	IDStr                string                `json:"id_str"`
	Text                 string                `json:"text"`
	Source               string                `json:"source"`
	Truncated            bool                  `json:"truncated"`
	InReplyToStatusID    *int64                `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string               `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *int64                `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string               `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  *string               `json:"in_reply_to_screen_name"`
	User                 TwitterUser           `json:"user"`
	Geo                  *TwitterPoint         `json:"geo"`
	Coordinates          *TwitterPoint         `json:"coordinates"`
	Place                *TwitterPlace         `json:"place"`
	Contributors         []int64               `json:"contributors"`
	RetweetedStatus      *TwitterStatus        `json:"retweeted_status,omitempty"`
	RetweetCount         int64                 `json:"retweet_count"`
	FavoriteCount        int64                 `json:"favorite_count"`
	Entities             TwitterEntities       `json:"entities"`
	Favorited            bool                  `json:"favorited"`
	Retweeted            bool                  `json:"retweeted"`
	PossiblySensitive    *bool                 `json:"possibly_sensitive,omitempty"`
	Lang                 string                `json:"lang"`
}

// TwitterStatusMetadata says why a status is in the results.
type TwitterStatusMetadata struct {
	ResultType      string `json:"result_type"`
	ISOLanguageCode string `json:"iso_language_code"`
}

// TwitterPoint is a GeoJSON point (null throughout this file).
type TwitterPoint struct {
	Type        string     `json:"type"`
	Coordinates [2]float64 `json:"coordinates"`
}

// TwitterPlace is a named place (null throughout this file).
type TwitterPlace struct {
	ID          string `json:"id"`
	URL         string `json:"url"`
	PlaceType   string `json:"place_type"`
	Name        string `json:"name"`
	FullName    string `json:"full_name"`
	CountryCode string `json:"country_code"`
	Country     string `json:"country"`
}

// TwitterUser is the author of a status.
type TwitterUser struct {
	ID                             int64            `json:"id"`
	IDStr                          string           `json:"id_str"`
	Name                           string           `json:"name"`
	ScreenName                     string           `json:"screen_name"`
	Location                       string           `json:"location"`
	Description                    string           `json:"description"`
	URL                            *string          `json:"url"`
	Entities                       TwitterUserLinks `json:"entities"`
	Protected                      bool             `json:"protected"`
	FollowersCount                 int64            `json:"followers_count"`
	FriendsCount                   int64            `json:"friends_count"`
	ListedCount                    int64            `json:"listed_count"`
	CreatedAt                      string           `json:"created_at"`
	FavouritesCount                int64            `json:"favourites_count"`
	UTCOffset                      *int64           `json:"utc_offset"`
	TimeZone                       *string          `json:"time_zone"`
	GeoEnabled                     bool             `json:"geo_enabled"`
	Verified                       bool             `json:"verified"`
	StatusesCount                  int64            `json:"statuses_count"`
	Lang                           string           `json:"lang"`
	ContributorsEnabled            bool             `json:"contributors_enabled"`
	IsTranslator                   bool             `json:"is_translator"`
	IsTranslationEnabled           bool             `json:"is_translation_enabled"`
	ProfileBackgroundColor         string           `json:"profile_background_color"`
	ProfileBackgroundImageURL      string           `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string           `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool             `json:"profile_background_tile"`
	ProfileImageURL                string           `json:"profile_image_url"`
	ProfileImageURLHTTPS           string           `json:"profile_image_url_https"`
	ProfileBannerURL               *string          `json:"profile_banner_url,omitempty"`
	ProfileLinkColor               string           `json:"profile_link_color"`
	ProfileSidebarBorderColor      string           `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string           `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string           `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool             `json:"profile_use_background_image"`
	DefaultProfile                 bool             `json:"default_profile"`
	DefaultProfileImage            bool             `json:"default_profile_image"`
	Following                      bool             `json:"following"`
	FollowRequestSent              bool             `json:"follow_request_sent"`
	Notifications                  bool             `json:"notifications"`
}

// TwitterUserLinks are the links of a user's profile.
type TwitterUserLinks struct {
	URL         *TwitterURLs `json:"url,omitempty"`
	Description TwitterURLs  `json:"description"`
}

// TwitterURLs is a list of links.
type TwitterURLs struct {
	URLs []TwitterURL `json:"urls"`
}

// TwitterEntities are what a status's text mentions.
type TwitterEntities struct {
	Hashtags     []TwitterHashtag     `json:"hashtags"`
	Symbols      []TwitterHashtag     `json:"symbols"`
	URLs         []TwitterURL         `json:"urls"`
	UserMentions []TwitterUserMention `json:"user_mentions"`
	Media        *[]TwitterMedia      `json:"media,omitempty"`
}

// TwitterHashtag is a hashtag or a cashtag and where it is in the text.
type TwitterHashtag struct {
	Text    string   `json:"text"`
	Indices [2]int64 `json:"indices"`
}

// TwitterURL is a link and where it is in the text.
type TwitterURL struct {
	URL         string   `json:"url"`
	ExpandedURL string   `json:"expanded_url"`
	DisplayURL  string   `json:"display_url"`
	Indices     [2]int64 `json:"indices"`
}

// TwitterUserMention is a mentioned user and where it is in the text.
type TwitterUserMention struct {
	ScreenName string   `json:"screen_name"`
	Name       string   `json:"name"`
	ID         int64    `json:"id"`
	IDStr      string   `json:"id_str"`
	Indices    [2]int64 `json:"indices"`
}

// TwitterMedia is an attached photo.
type TwitterMedia struct {
	ID                int64             `json:"id"`
	IDStr             string            `json:"id_str"`
	Indices           [2]int64          `json:"indices"`
	MediaURL          string            `json:"media_url"`
	MediaURLHTTPS     string            `json:"media_url_https"`
	URL               string            `json:"url"`
	DisplayURL        string            `json:"display_url"`
	ExpandedURL       string            `json:"expanded_url"`
	Type              string            `json:"type"`
	Sizes             TwitterMediaSizes `json:"sizes"`
	SourceStatusID    *int64            `json:"source_status_id,omitempty"`
	SourceStatusIDStr *string           `json:"source_status_id_str,omitempty"`
}

// TwitterMediaSizes are the sizes a photo is served in.
type TwitterMediaSizes struct {
	Medium TwitterSize `json:"medium"`
	Small  TwitterSize `json:"small"`
	Thumb  TwitterSize `json:"thumb"`
	Large  TwitterSize `json:"large"`
}

// TwitterSize is one size of a photo.
type TwitterSize struct {
	W      int64  `json:"w"`
	H      int64  `json:"h"`
	Resize string `json:"resize"`
}

// TwitterSearchMetadata describes the search.
type TwitterSearchMetadata struct {
	CompletedIn float64 `json:"completed_in"`
	MaxID       int64   `json:"max_id"`
	MaxIDStr    string  `json:"max_id_str"`
	NextResults string  `json:"next_results"`
	Query       string  `json:"query"`
	RefreshURL  string  `json:"refresh_url"`
	Count       int64   `json:"count"`
	SinceID     int64   `json:"since_id"`
	SinceIDStr  string  `json:"since_id_str"`
}
