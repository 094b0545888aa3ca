package corpus

import "encoding/json"

// FHIRShapedBundle is synthea_fhir.json as a client that keeps what it does
// not read loose would decode it: the resource's narrative kept as it came
// (json.RawMessage), its lists of structured parts as []any, the request as
// map[string]any.
type FHIRShapedBundle struct {
	ResourceType string            `json:"resourceType"`
	Type         string            `json:"type"`
	Entry        []FHIRShapedEntry `json:"entry"`
}

// FHIRShapedEntry is FHIREntry with a loose resource and request.
type FHIRShapedEntry struct {
	FullURL  string             `json:"fullUrl"`
	Resource FHIRShapedResource `json:"resource"`
	Request  map[string]any     `json:"request"`
}

// FHIRShapedResource is FHIRResource with the narrative as json.RawMessage
// and the lists of structured parts as []any.
type FHIRShapedResource struct {
	ResourceType string `json:"resourceType"`
	ID           string `json:"id"`
	Name         any    `json:"name,omitempty"`
	Type         any    `json:"type,omitempty"`
	Total        any    `json:"total,omitempty"`

	Text                      json.RawMessage        `json:"text,omitempty"`
	Extension                 []any                  `json:"extension,omitempty"`
	Identifier                []any                  `json:"identifier,omitempty"`
	Active                    *bool                  `json:"active,omitempty"`
	Status                    *string                `json:"status,omitempty"`
	Intent                    *string                `json:"intent,omitempty"`
	Use                       *string                `json:"use,omitempty"`
	Outcome                   *string                `json:"outcome,omitempty"`
	LifecycleStatus           *string                `json:"lifecycleStatus,omitempty"`
	Telecom                   []any                  `json:"telecom,omitempty"`
	Gender                    *string                `json:"gender,omitempty"`
	BirthDate                 *string                `json:"birthDate,omitempty"`
	DeceasedDateTime          *string                `json:"deceasedDateTime,omitempty"`
	Address                   []any                  `json:"address,omitempty"`
	MaritalStatus             *FHIRCodeableConcept   `json:"maritalStatus,omitempty"`
	MultipleBirthBoolean      *bool                  `json:"multipleBirthBoolean,omitempty"`
	Communication             []any                  `json:"communication,omitempty"`
	Class                     *FHIRCoding            `json:"class,omitempty"`
	Participant               *[]FHIRParticipant     `json:"participant,omitempty"`
	Period                    *FHIRPeriod            `json:"period,omitempty"`
	ServiceProvider           *FHIRReference         `json:"serviceProvider,omitempty"`
	Subject                   *FHIRReference         `json:"subject,omitempty"`
	Patient                   *FHIRReference         `json:"patient,omitempty"`
	Encounter                 *FHIRReference         `json:"encounter,omitempty"`
	ClinicalStatus            *FHIRCodeableConcept   `json:"clinicalStatus,omitempty"`
	VerificationStatus        *FHIRCodeableConcept   `json:"verificationStatus,omitempty"`
	AchievementStatus         *FHIRCodeableConcept   `json:"achievementStatus,omitempty"`
	Category                  *[]FHIRCodeableConcept `json:"category,omitempty"`
	Code                      *FHIRCodeableConcept   `json:"code,omitempty"`
	Description               *FHIRCodeableConcept   `json:"description,omitempty"`
	OnsetDateTime             *string                `json:"onsetDateTime,omitempty"`
	AbatementDateTime         *string                `json:"abatementDateTime,omitempty"`
	RecordedDate              *string                `json:"recordedDate,omitempty"`
	EffectiveDateTime         *string                `json:"effectiveDateTime,omitempty"`
	OccurrenceDateTime        *string                `json:"occurrenceDateTime,omitempty"`
	Issued                    *string                `json:"issued,omitempty"`
	Created                   *string                `json:"created,omitempty"`
	AuthoredOn                *string                `json:"authoredOn,omitempty"`
	Started                   *string                `json:"started,omitempty"`
	BillablePeriod            *FHIRPeriod            `json:"billablePeriod,omitempty"`
	PerformedPeriod           *FHIRPeriod            `json:"performedPeriod,omitempty"`
	ValueQuantity             any                    `json:"valueQuantity,omitempty"`
	ValueCodeableConcept      *FHIRCodeableConcept   `json:"valueCodeableConcept,omitempty"`
	Component                 []any                  `json:"component,omitempty"`
	Result                    *[]FHIRReference       `json:"result,omitempty"`
	Provider                  *FHIRReference         `json:"provider,omitempty"`
	Priority                  *FHIRCodeableConcept   `json:"priority,omitempty"`
	Prescription              *FHIRReference         `json:"prescription,omitempty"`
	Referral                  *FHIRReference         `json:"referral,omitempty"`
	Claim                     *FHIRReference         `json:"claim,omitempty"`
	Insurer                   *FHIRReference         `json:"insurer,omitempty"`
	Requester                 *FHIRReference         `json:"requester,omitempty"`
	Diagnosis                 []any                  `json:"diagnosis,omitempty"`
	Procedure                 *[]FHIRProcedureRef    `json:"procedure,omitempty"`
	Insurance                 []any                  `json:"insurance,omitempty"`
	Item                      []any                  `json:"item,omitempty"`
	CareTeam                  *[]FHIRCareTeam        `json:"careTeam,omitempty"`
	SupportingInfo            *[]FHIRSupportingInfo  `json:"supportingInfo,omitempty"`
	Contained                 []any                  `json:"contained,omitempty"`
	Payment                   *FHIRPayment           `json:"payment,omitempty"`
	ManagingOrganization      *[]FHIRReference       `json:"managingOrganization,omitempty"`
	Addresses                 *[]FHIRReference       `json:"addresses,omitempty"`
	Goal                      *[]FHIRReference       `json:"goal,omitempty"`
	Activity                  *[]FHIRActivity        `json:"activity,omitempty"`
	ReasonCode                *[]FHIRCodeableConcept `json:"reasonCode,omitempty"`
	ReasonReference           *[]FHIRReference       `json:"reasonReference,omitempty"`
	MedicationCodeableConcept *FHIRCodeableConcept   `json:"medicationCodeableConcept,omitempty"`
	DosageInstruction         []any                  `json:"dosageInstruction,omitempty"`
	VaccineCode               *FHIRCodeableConcept   `json:"vaccineCode,omitempty"`
	PrimarySource             *bool                  `json:"primarySource,omitempty"`
	NumberOfSeries            *int64                 `json:"numberOfSeries,omitempty"`
	NumberOfInstances         *int64                 `json:"numberOfInstances,omitempty"`
	Series                    []any                  `json:"series,omitempty"`
}
