package corpus

// CITM is citm_catalog.json: a ticketing catalogue, mostly maps keyed by
// numeric ids and small structs of ints.
type CITM struct {
	AreaNames                map[int64]string    `json:"areaNames"`
	AudienceSubCategoryNames map[int64]string    `json:"audienceSubCategoryNames"`
	BlockNames               map[int64]string    `json:"blockNames"`
	Events                   map[int64]CITMEvent `json:"events"`
	Performances             []CITMPerformance   `json:"performances"`
	SeatCategoryNames        map[int64]string    `json:"seatCategoryNames"`
	SubTopicNames            map[int64]string    `json:"subTopicNames"`
	SubjectNames             map[int64]string    `json:"subjectNames"`
	TopicNames               map[int64]string    `json:"topicNames"`
	TopicSubTopics           map[int64][]int64   `json:"topicSubTopics"`
	VenueNames               map[string]string   `json:"venueNames"`
}

// CITMEvent is one event of the catalogue.
type CITMEvent struct {
	Description *string `json:"description"`
	ID          int64   `json:"id"`
	Logo        *string `json:"logo"`
	Name        string  `json:"name"`
	SubTopicIDs []int64 `json:"subTopicIds"`
	SubjectCode *string `json:"subjectCode"`
	Subtitle    *string `json:"subtitle"`
	TopicIDs    []int64 `json:"topicIds"`
}

// CITMPerformance is one performance of an event.
type CITMPerformance struct {
	EventID        int64              `json:"eventId"`
	ID             int64              `json:"id"`
	Logo           *string            `json:"logo"`
	Name           *string            `json:"name"`
	Prices         []CITMPrice        `json:"prices"`
	SeatCategories []CITMSeatCategory `json:"seatCategories"`
	SeatMapImage   *string            `json:"seatMapImage"`
	Start          int64              `json:"start"`
	VenueCode      string             `json:"venueCode"`
}

// CITMPrice is the price of one seat category for one audience.
type CITMPrice struct {
	Amount                int64 `json:"amount"`
	AudienceSubCategoryID int64 `json:"audienceSubCategoryId"`
	SeatCategoryID        int64 `json:"seatCategoryId"`
}

// CITMSeatCategory lists the areas of one seat category.
type CITMSeatCategory struct {
	Areas          []CITMArea `json:"areas"`
	SeatCategoryID int64      `json:"seatCategoryId"`
}

// CITMArea is one area and its blocks.
type CITMArea struct {
	AreaID   int64   `json:"areaId"`
	BlockIDs []int64 `json:"blockIds"`
}
