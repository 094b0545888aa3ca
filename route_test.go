package safejson

// planIface is a struct with an interface field: its values are pre-scanned.
type planIface struct{ Any any }
