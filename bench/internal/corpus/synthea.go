package corpus

// FHIRBundle is synthea_fhir.json: a FHIR transaction bundle of synthetic
// patient records (Synthea), every kind of resource in one struct of optional
// fields, as a client that does not switch on resourceType decodes it.
type FHIRBundle struct {
	ResourceType string      `json:"resourceType"`
	Type         string      `json:"type"`
	Entry        []FHIREntry `json:"entry"`
}

// FHIREntry is one resource of the bundle and the request that stores it.
type FHIREntry struct {
	FullURL  string       `json:"fullUrl"`
	Resource FHIRResource `json:"resource"`
	Request  FHIRRequest  `json:"request"`
}

// FHIRRequest is how a bundle entry is to be stored.
type FHIRRequest struct {
	Method string `json:"method"`
	URL    string `json:"url"`
}

// FHIRResource is any resource: Patient, Encounter, Condition, Observation,
// Claim, ExplanationOfBenefit, Organization, ... Three fields change type
// with the resource and stay any: name (a string for an Organization, a list
// of names for a Patient), type (one concept or a list) and total (Money for
// a Claim, a list for an ExplanationOfBenefit).
type FHIRResource struct {
	ResourceType string `json:"resourceType"`
	ID           string `json:"id"`
	Name         any    `json:"name,omitempty"`
	Type         any    `json:"type,omitempty"`
	Total        any    `json:"total,omitempty"`

	Text                      *FHIRNarrative         `json:"text,omitempty"`
	Extension                 *[]FHIRExtension       `json:"extension,omitempty"`
	Identifier                *[]FHIRIdentifier      `json:"identifier,omitempty"`
	Active                    *bool                  `json:"active,omitempty"`
	Status                    *string                `json:"status,omitempty"`
	Intent                    *string                `json:"intent,omitempty"`
	Use                       *string                `json:"use,omitempty"`
	Outcome                   *string                `json:"outcome,omitempty"`
	LifecycleStatus           *string                `json:"lifecycleStatus,omitempty"`
	Telecom                   *[]FHIRContactPoint    `json:"telecom,omitempty"`
	Gender                    *string                `json:"gender,omitempty"`
	BirthDate                 *string                `json:"birthDate,omitempty"`
	DeceasedDateTime          *string                `json:"deceasedDateTime,omitempty"`
	Address                   *[]FHIRAddress         `json:"address,omitempty"`
	MaritalStatus             *FHIRCodeableConcept   `json:"maritalStatus,omitempty"`
	MultipleBirthBoolean      *bool                  `json:"multipleBirthBoolean,omitempty"`
	Communication             *[]FHIRCommunication   `json:"communication,omitempty"`
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
	ValueQuantity             *FHIRQuantity          `json:"valueQuantity,omitempty"`
	ValueCodeableConcept      *FHIRCodeableConcept   `json:"valueCodeableConcept,omitempty"`
	Component                 *[]FHIRComponent       `json:"component,omitempty"`
	Result                    *[]FHIRReference       `json:"result,omitempty"`
	Provider                  *FHIRReference         `json:"provider,omitempty"`
	Priority                  *FHIRCodeableConcept   `json:"priority,omitempty"`
	Prescription              *FHIRReference         `json:"prescription,omitempty"`
	Referral                  *FHIRReference         `json:"referral,omitempty"`
	Claim                     *FHIRReference         `json:"claim,omitempty"`
	Insurer                   *FHIRReference         `json:"insurer,omitempty"`
	Requester                 *FHIRReference         `json:"requester,omitempty"`
	Diagnosis                 *[]FHIRDiagnosis       `json:"diagnosis,omitempty"`
	Procedure                 *[]FHIRProcedureRef    `json:"procedure,omitempty"`
	Insurance                 *[]FHIRInsurance       `json:"insurance,omitempty"`
	Item                      *[]FHIRItem            `json:"item,omitempty"`
	CareTeam                  *[]FHIRCareTeam        `json:"careTeam,omitempty"`
	SupportingInfo            *[]FHIRSupportingInfo  `json:"supportingInfo,omitempty"`
	Contained                 *[]FHIRContained       `json:"contained,omitempty"`
	Payment                   *FHIRPayment           `json:"payment,omitempty"`
	ManagingOrganization      *[]FHIRReference       `json:"managingOrganization,omitempty"`
	Addresses                 *[]FHIRReference       `json:"addresses,omitempty"`
	Goal                      *[]FHIRReference       `json:"goal,omitempty"`
	Activity                  *[]FHIRActivity        `json:"activity,omitempty"`
	ReasonCode                *[]FHIRCodeableConcept `json:"reasonCode,omitempty"`
	ReasonReference           *[]FHIRReference       `json:"reasonReference,omitempty"`
	MedicationCodeableConcept *FHIRCodeableConcept   `json:"medicationCodeableConcept,omitempty"`
	DosageInstruction         *[]FHIRDosage          `json:"dosageInstruction,omitempty"`
	VaccineCode               *FHIRCodeableConcept   `json:"vaccineCode,omitempty"`
	PrimarySource             *bool                  `json:"primarySource,omitempty"`
	NumberOfSeries            *int64                 `json:"numberOfSeries,omitempty"`
	NumberOfInstances         *int64                 `json:"numberOfInstances,omitempty"`
	Series                    *[]FHIRImagingSeries   `json:"series,omitempty"`
}

// FHIRNarrative is a resource's human-readable summary, in XHTML.
type FHIRNarrative struct {
	Status string `json:"status"`
	Div    string `json:"div"`
}

// FHIRExtension is an extension, possibly of nested extensions.
type FHIRExtension struct {
	URL          string           `json:"url"`
	Extension    *[]FHIRExtension `json:"extension,omitempty"`
	ValueString  *string          `json:"valueString,omitempty"`
	ValueCode    *string          `json:"valueCode,omitempty"`
	ValueDecimal *float64         `json:"valueDecimal,omitempty"`
	ValueCoding  *FHIRCoding      `json:"valueCoding,omitempty"`
	ValueAddress *FHIRAddress     `json:"valueAddress,omitempty"`
}

// FHIRIdentifier is an identifier in some system.
type FHIRIdentifier struct {
	Use    *string              `json:"use,omitempty"`
	Type   *FHIRCodeableConcept `json:"type,omitempty"`
	System string               `json:"system"`
	Value  string               `json:"value"`
}

// FHIRCodeableConcept is a concept as codes and text.
type FHIRCodeableConcept struct {
	Coding *[]FHIRCoding `json:"coding,omitempty"`
	Text   *string       `json:"text,omitempty"`
}

// FHIRCoding is one code of a code system.
type FHIRCoding struct {
	System  string  `json:"system"`
	Code    string  `json:"code"`
	Display *string `json:"display,omitempty"`
}

// FHIRContactPoint is a phone number or e-mail address.
type FHIRContactPoint struct {
	System string  `json:"system"`
	Value  string  `json:"value"`
	Use    *string `json:"use,omitempty"`
}

// FHIRAddress is a postal address.
type FHIRAddress struct {
	Extension  *[]FHIRExtension `json:"extension,omitempty"`
	Line       *[]string        `json:"line,omitempty"`
	City       string           `json:"city"`
	State      string           `json:"state"`
	PostalCode *string          `json:"postalCode,omitempty"`
	Country    string           `json:"country"`
}

// FHIRCommunication is a language a patient speaks.
type FHIRCommunication struct {
	Language FHIRCodeableConcept `json:"language"`
}

// FHIRParticipant is someone taking part in an encounter or a care team.
type FHIRParticipant struct {
	Role       *[]FHIRCodeableConcept `json:"role,omitempty"`
	Individual *FHIRReference         `json:"individual,omitempty"`
	Member     *FHIRReference         `json:"member,omitempty"`
}

// FHIRReference points at another resource.
type FHIRReference struct {
	Reference *string `json:"reference,omitempty"`
	Display   *string `json:"display,omitempty"`
}

// FHIRPeriod is a time span, possibly open.
type FHIRPeriod struct {
	Start string  `json:"start"`
	End   *string `json:"end,omitempty"`
}

// FHIRQuantity is a measured amount.
type FHIRQuantity struct {
	Value  float64 `json:"value"`
	Unit   *string `json:"unit,omitempty"`
	System *string `json:"system,omitempty"`
	Code   *string `json:"code,omitempty"`
}

// FHIRMoney is an amount of a currency.
type FHIRMoney struct {
	Value    float64 `json:"value"`
	Currency string  `json:"currency"`
}

// FHIRComponent is one measurement of a multi-part observation.
type FHIRComponent struct {
	Code          FHIRCodeableConcept `json:"code"`
	ValueQuantity FHIRQuantity        `json:"valueQuantity"`
}

// FHIRDiagnosis is a diagnosis of a claim.
type FHIRDiagnosis struct {
	Sequence           int64                  `json:"sequence"`
	DiagnosisReference FHIRReference          `json:"diagnosisReference"`
	Type               *[]FHIRCodeableConcept `json:"type,omitempty"`
}

// FHIRProcedureRef is a procedure of a claim.
type FHIRProcedureRef struct {
	Sequence           int64         `json:"sequence"`
	ProcedureReference FHIRReference `json:"procedureReference"`
}

// FHIRInsurance is the coverage a claim is made against.
type FHIRInsurance struct {
	Sequence *int64        `json:"sequence,omitempty"`
	Focal    bool          `json:"focal"`
	Coverage FHIRReference `json:"coverage"`
}

// FHIRItem is one line of a claim.
type FHIRItem struct {
	Sequence                int64                `json:"sequence"`
	DiagnosisSequence       *[]int64             `json:"diagnosisSequence,omitempty"`
	ProcedureSequence       *[]int64             `json:"procedureSequence,omitempty"`
	InformationSequence     *[]int64             `json:"informationSequence,omitempty"`
	Category                *FHIRCodeableConcept `json:"category,omitempty"`
	ProductOrService        FHIRCodeableConcept  `json:"productOrService"`
	ServicedPeriod          *FHIRPeriod          `json:"servicedPeriod,omitempty"`
	LocationCodeableConcept *FHIRCodeableConcept `json:"locationCodeableConcept,omitempty"`
	Net                     *FHIRMoney           `json:"net,omitempty"`
	Adjudication            *[]FHIRAdjudication  `json:"adjudication,omitempty"`
	Encounter               *[]FHIRReference     `json:"encounter,omitempty"`
}

// FHIRAdjudication is how an item of a claim was settled.
type FHIRAdjudication struct {
	Category FHIRCodeableConcept `json:"category"`
	Amount   *FHIRMoney          `json:"amount,omitempty"`
}

// FHIRCareTeam is a member of the care team of a claim.
type FHIRCareTeam struct {
	Sequence  *int64               `json:"sequence,omitempty"`
	Provider  *FHIRReference       `json:"provider,omitempty"`
	Role      *FHIRCodeableConcept `json:"role,omitempty"`
	Reference *string              `json:"reference,omitempty"`
}

// FHIRSupportingInfo is extra information of a claim.
type FHIRSupportingInfo struct {
	Sequence       int64               `json:"sequence"`
	Category       FHIRCodeableConcept `json:"category"`
	ValueReference FHIRReference       `json:"valueReference"`
}

// FHIRContained is a resource held inside another one.
type FHIRContained struct {
	ResourceType string               `json:"resourceType"`
	ID           string               `json:"id"`
	Status       string               `json:"status"`
	Intent       *string              `json:"intent,omitempty"`
	Type         *FHIRCodeableConcept `json:"type,omitempty"`
	Subject      *FHIRReference       `json:"subject,omitempty"`
	Requester    *FHIRReference       `json:"requester,omitempty"`
	Performer    *[]FHIRReference     `json:"performer,omitempty"`
	Beneficiary  *FHIRReference       `json:"beneficiary,omitempty"`
	Payor        *[]FHIRReference     `json:"payor,omitempty"`
}

// FHIRPayment is what was paid on a claim.
type FHIRPayment struct {
	Amount FHIRMoney `json:"amount"`
}

// FHIRActivity is one activity of a care plan.
type FHIRActivity struct {
	Detail FHIRActivityDetail `json:"detail"`
}

// FHIRActivityDetail says what an activity is.
type FHIRActivityDetail struct {
	Code     FHIRCodeableConcept `json:"code"`
	Status   string              `json:"status"`
	Location FHIRReference       `json:"location"`
}

// FHIRDosage is how a medication is to be taken.
type FHIRDosage struct {
	Sequence        int64              `json:"sequence"`
	Timing          *FHIRTiming        `json:"timing,omitempty"`
	AsNeededBoolean bool               `json:"asNeededBoolean"`
	DoseAndRate     *[]FHIRDoseAndRate `json:"doseAndRate,omitempty"`
}

// FHIRTiming is when a medication is taken.
type FHIRTiming struct {
	Repeat FHIRRepeat `json:"repeat"`
}

// FHIRRepeat is a repetition: frequency times per period.
type FHIRRepeat struct {
	Frequency  int64   `json:"frequency"`
	Period     float64 `json:"period"`
	PeriodUnit string  `json:"periodUnit"`
}

// FHIRDoseAndRate is one dose.
type FHIRDoseAndRate struct {
	Type         FHIRCodeableConcept `json:"type"`
	DoseQuantity FHIRQuantity        `json:"doseQuantity"`
}

// FHIRImagingSeries is one series of an imaging study.
type FHIRImagingSeries struct {
	UID               string              `json:"uid"`
	Number            int64               `json:"number"`
	Modality          FHIRCoding          `json:"modality"`
	NumberOfInstances int64               `json:"numberOfInstances"`
	BodySite          FHIRCoding          `json:"bodySite"`
	Started           string              `json:"started"`
	Instance          []FHIRImagingObject `json:"instance"`
}

// FHIRImagingObject is one image of a series.
type FHIRImagingObject struct {
	UID      string     `json:"uid"`
	SopClass FHIRCoding `json:"sopClass"`
	Number   int64      `json:"number"`
	Title    string     `json:"title"`
}
