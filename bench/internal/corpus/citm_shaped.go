package corpus

// CITMShaped is citm_catalog.json as code that does not pin every field
// down would decode it: the optional strings as any, the id lists as []any,
// the name tables as maps of hundreds of members with any values.
type CITMShaped struct {
	AreaNames                map[string]any             `json:"areaNames"`
	AudienceSubCategoryNames map[string]any             `json:"audienceSubCategoryNames"`
	BlockNames               map[string]any             `json:"blockNames"`
	Events                   map[string]CITMShapedEvent `json:"events"`
	Performances             []CITMShapedPerformance    `json:"performances"`
	SeatCategoryNames        map[string]any             `json:"seatCategoryNames"`
	SubTopicNames            map[string]any             `json:"subTopicNames"`
	SubjectNames             map[string]any             `json:"subjectNames"`
	TopicNames               map[string]any             `json:"topicNames"`
	TopicSubTopics           map[string][]any           `json:"topicSubTopics"`
	VenueNames               map[string]any             `json:"venueNames"`
}

// CITMShapedEvent is CITMEvent with its optional strings as any.
type CITMShapedEvent struct {
	Description any     `json:"description"`
	ID          int64   `json:"id"`
	Logo        any     `json:"logo"`
	Name        any     `json:"name"`
	SubTopicIDs []any   `json:"subTopicIds"`
	SubjectCode any     `json:"subjectCode"`
	Subtitle    any     `json:"subtitle"`
	TopicIDs    []int64 `json:"topicIds"`
}

// CITMShapedPerformance is CITMPerformance with its optional strings as any.
type CITMShapedPerformance struct {
	EventID        int64                    `json:"eventId"`
	ID             int64                    `json:"id"`
	Logo           any                      `json:"logo"`
	Name           any                      `json:"name"`
	Prices         []CITMPrice              `json:"prices"`
	SeatCategories []CITMShapedSeatCategory `json:"seatCategories"`
	SeatMapImage   any                      `json:"seatMapImage"`
	Start          int64                    `json:"start"`
	VenueCode      string                   `json:"venueCode"`
}

// CITMShapedSeatCategory is CITMSeatCategory with its block ids as []any.
type CITMShapedSeatCategory struct {
	Areas          []CITMShapedArea `json:"areas"`
	SeatCategoryID int64            `json:"seatCategoryId"`
}

// CITMShapedArea is CITMArea with its block ids as []any.
type CITMShapedArea struct {
	AreaID   int64 `json:"areaId"`
	BlockIDs []any `json:"blockIds"`
}
