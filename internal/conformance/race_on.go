//go:build race

package conformance

// raceBuild: the race detector is on. sonic then runs json.Marshal on every
// value after encoding it (sonic's helpDetectDataRace), so it too dies on a
// value that kills encoding/json (Case.StdDies).
const raceBuild = true
