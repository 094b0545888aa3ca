package corpus

// GolangSource is golang_source.json: a tree of the Go source files with
// commit statistics, deeply nested and recursive.
type GolangSource struct {
	Tree     GolangNode `json:"tree"`
	Username string     `json:"username"`
}

// GolangNode is a file or directory and its children.
type GolangNode struct {
	Name     string       `json:"name"`
	Kids     []GolangNode `json:"kids"`
	CLWeight float64      `json:"cl_weight"`
	Touches  int64        `json:"touches"`
	MinT     int64        `json:"min_t"`
	MaxT     int64        `json:"max_t"`
	MeanT    int64        `json:"mean_t"`
}
