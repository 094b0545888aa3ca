package engine

// The public name of an engine is engine.Engine, a type of package
// github.com/safejson/safejson/engine, which imports this one. That package
// sets these two functions when it is initialised; they are the only way
// between its values and the Engine they name (nil for its zero value).
// Code of this module uses them through package internal/enginehandle, which
// gives them the public type.
var (
	ToPublic   func(Engine) any
	FromPublic func(any) Engine
)
