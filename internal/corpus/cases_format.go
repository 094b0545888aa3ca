package corpus

import "time"

// formatCases: struct fields tagged with a format option, which only json/v2
// reads: the classic encoding/json ignores it, encoding/json on json/v2
// rejects every value of the struct (category O), and safejson writes the
// struct as if the option were not there (or, under Strict, fails as
// encoding/json does).
func formatCases() []*Case {
	at := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	return []*Case{
		same("format/int", struct {
			N int `json:",format:hex"`
		}{5}, `{"N":5}`).
			substituteOnV2(v2Format, `{"N":5}`, ""),
		same("format/time-tagged-name", struct {
			T time.Time `json:"t,format:unix"`
		}{at}, `{"t":"2020-01-02T03:04:05Z"}`).
			substituteOnV2(v2Format, `{"t":"2020-01-02T03:04:05Z"}`, ""),
		same("format/omitted-field-still-rejected", struct {
			A int
			B []byte `json:",omitempty,format:hex"`
		}{A: 1}, `{"A":1}`).
			substituteOnV2(v2Format, `{"A":1}`, ""),
		same("format/nested", []any{struct {
			In formatHolder
		}{}}, `[{"In":{"D":0}}]`).
			substituteOnV2(v2Format, `[{"In":{"D":0}}]`, "/0/In"),
		same("format/embedded", struct {
			formatHolder
			X int
		}{X: 1}, `{"D":0,"X":1}`).
			substituteOnV2(v2Format, `{"D":0,"X":1}`, ""),
		same("format/nil-pointer-not-rejected", struct{ P *formatHolder }{}, `{"P":null}`),
	}
}

// formatHolder has a field with a format option.
type formatHolder struct {
	D time.Duration `json:",format:units"`
}
