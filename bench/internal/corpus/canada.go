package corpus

// Canada is canada_geometry.json: a GeoJSON feature collection holding one
// polygon of about 56,000 points, nearly all numbers.
type Canada struct {
	Type     string          `json:"type"`
	Features []CanadaFeature `json:"features"`
}

// CanadaFeature is one GeoJSON feature.
type CanadaFeature struct {
	Type       string           `json:"type"`
	Properties CanadaProperties `json:"properties"`
	Geometry   CanadaGeometry   `json:"geometry"`
}

// CanadaProperties are a feature's properties.
type CanadaProperties struct {
	Name string `json:"name"`
}

// CanadaGeometry is a polygon: rings of [longitude, latitude] points.
type CanadaGeometry struct {
	Type        string         `json:"type"`
	Coordinates [][][2]float64 `json:"coordinates"`
}
