package safejson

import (
	"context"
	"hash/maphash"
	"log/slog"
	"reflect"
	"sync"
	"time"
)

// SubstituteLogger logs the substitutes it is handed (its Report method is
// an Options.OnSubstitute) with log/slog, rate-limited: each pair of Go
// type and JSON Pointer is logged at most once per window, and at most
// maxKeys pairs per window, so that a cyclic model on a hot route writes a
// line per window, not one per request, and paths chosen by a client (map
// keys of decoded input) cannot grow its memory or the log without bound:
// it remembers a pair as a hash (SubstituteKeyBytes each, whatever the
// path's length) and writes a path as safe.Pointer.Short does. What it
// leaves out is counted, and logged in one line when the window ends. It
// is safe for concurrent use.
type SubstituteLogger struct {
	logger  *slog.Logger
	level   slog.Level
	window  time.Duration
	maxKeys int
	now     func() time.Time

	mu        sync.Mutex
	start     time.Time
	seen      map[uint64]struct{} // substituteKey's hashes
	left      int                 // reports left out in this window
	leftPairs int                 // of which, pairs beyond maxKeys
}

// substituteKey is what a SubstituteLogger tells pairs apart by: hashed,
// with the path's own hash, never kept.
type substituteKey struct {
	typ    reflect.Type
	path   uint64 // safe.Pointer.Hash
	reason string
}

// keySeed is the seed of the hashes of substituteKeys.
var keySeed = maphash.MakeSeed()

// DefaultSubstituteKeys is the number of type and path pairs a
// SubstituteLogger logs per window when NewSubstituteLogger is given 0.
const DefaultSubstituteKeys = 1000

// SubstituteKeyBytes bounds the memory a SubstituteLogger keeps per pair
// of type and path it remembers, whatever the path's length: a logger
// keeps at most maxKeys × SubstituteKeyBytes (64 KB with
// DefaultSubstituteKeys) beyond its own few words.
const SubstituteKeyBytes = 64

// NewSubstituteLogger returns a SubstituteLogger writing to l (nil:
// slog.Default()) at level Warn, each type and path once per window
// (0: a minute), at most maxKeys of them per window (0:
// DefaultSubstituteKeys).
func NewSubstituteLogger(l *slog.Logger, window time.Duration, maxKeys int) *SubstituteLogger {
	if window <= 0 {
		window = time.Minute
	}
	if maxKeys <= 0 {
		maxKeys = DefaultSubstituteKeys
	}
	return &SubstituteLogger{logger: l, level: slog.LevelWarn, window: window, maxKeys: maxKeys, now: time.Now}
}

// Report logs s, unless its type and path were logged in this window. It
// is an Options.OnSubstitute:
//
//	opts := safejson.Options{OnSubstitute: logger.Report}
func (s *SubstituteLogger) Report(sub Substitution) { s.report(sub, nil) }

// With returns an Options.OnSubstitute that logs as Report does, with
// args (slog's key-value pairs or Attrs, e.g. the request's route) added
// to each line; the window and its pairs are s's.
func (s *SubstituteLogger) With(args ...any) func(Substitution) {
	return func(sub Substitution) { s.report(sub, args) }
}

func (s *SubstituteLogger) report(sub Substitution, args []any) {
	typ := "<nil>"
	if sub.Type != nil {
		typ = sub.Type.String()
	}
	k := maphash.Comparable(keySeed, substituteKey{typ: sub.Type, path: sub.Path.Hash(), reason: sub.Reason})
	now := s.now()
	s.mu.Lock()
	left, leftPairs, since := 0, 0, s.start
	if s.seen == nil || now.Sub(s.start) >= s.window {
		left, leftPairs = s.left, s.leftPairs
		s.start, s.left, s.leftPairs = now, 0, 0
		if s.seen == nil {
			s.seen = make(map[uint64]struct{})
		} else {
			clear(s.seen)
		}
	}
	_, dup := s.seen[k]
	full := !dup && len(s.seen) >= s.maxKeys
	switch {
	case dup:
		s.left++
	case full:
		s.left++
		s.leftPairs++
	default:
		s.seen[k] = struct{}{}
	}
	s.mu.Unlock()

	l := s.logger
	if l == nil {
		l = slog.Default()
	}
	ctx := context.Background()
	if left > 0 {
		l.Log(ctx, s.level, "safejson: substitutes not logged", "count", left, "new_pairs", leftPairs, "since", since)
	}
	if dup || full || !l.Enabled(ctx, s.level) {
		return
	}
	attrs := append([]any{"path", sub.Path.Short(), "reason", sub.Reason, "type", typ}, args...)
	l.Log(ctx, s.level, "safejson: substitute written", attrs...)
}
