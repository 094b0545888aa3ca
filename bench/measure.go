package main

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"time"
)

// panicError is a panic of an encoder, recovered by call.
type panicError struct{ value any }

func (e *panicError) Error() string { return fmt.Sprintf("panic: %v", e.value) }

// call runs marshal once, turning a panic into a *panicError so that one broken
// encoder cannot take the whole bench down.
func call(marshal func() ([]byte, error)) (out []byte, err error) {
	if perr := recovered(func() { out, err = marshal() }); perr != nil {
		return nil, perr
	}
	return out, err
}

// isPanic reports whether err is a recovered panic: such an encoder is never
// timed, as it would panic on every call.
func isPanic(err error) bool {
	var p *panicError
	return errors.As(err, &p)
}

// batch runs marshal n times and returns the time per call in nanoseconds.
// Errors are not looked at: for an encoder that rejects the value, the time to
// the error is what is measured.
func batch(marshal func() ([]byte, error), n int) float64 {
	start := time.Now()
	for range n {
		_, _ = marshal()
	}
	return float64(time.Since(start).Nanoseconds()) / float64(n)
}

// calibrate returns how many calls of marshal take about target, measured by
// growing batches, at least 1 and at most maxBatch.
func calibrate(marshal func() ([]byte, error), target time.Duration) int {
	const maxBatch = 1 << 26
	n := 1
	for {
		start := time.Now()
		for range n {
			_, _ = marshal()
		}
		elapsed := time.Since(start)
		if elapsed >= target/10 || n >= maxBatch {
			per := float64(elapsed) / float64(n)
			if per <= 0 {
				per = 1
			}
			return max(1, min(maxBatch, int(float64(target)/per)))
		}
		n *= 10
	}
}

// allocs returns the heap allocations and bytes per call of marshal over n calls.
// Nothing else may run meanwhile: the counters are process-wide.
func allocs(marshal func() ([]byte, error), n int) (count, bytes float64) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range n {
		_, _ = marshal()
	}
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / float64(n),
		float64(after.TotalAlloc-before.TotalAlloc) / float64(n)
}

// median returns the median of xs (the mean of the middle two for an even
// count), or 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// timeInterleaved measures every non-nil marshal: runs rounds, each a batch of
// calibrated size per encoder, the encoders taken in a rotating order so that a
// slow moment of the machine falls on all of them alike. It returns, per
// encoder, the time per call of each run (nil for a nil marshal), the batch
// size, and the panic that stopped its timing, if one did.
func timeInterleaved(marshals []func() ([]byte, error), runs int, target time.Duration) (perRun [][]float64, sizes []int, panics []error) {
	perRun = make([][]float64, len(marshals))
	sizes = make([]int, len(marshals))
	panics = make([]error, len(marshals))
	for i, m := range marshals {
		if m != nil {
			panics[i] = recovered(func() { sizes[i] = calibrate(m, target) })
		}
	}
	for r := range runs {
		for k := range marshals {
			i := (r + k) % len(marshals)
			if marshals[i] == nil || panics[i] != nil {
				continue
			}
			runtime.GC()
			panics[i] = recovered(func() { perRun[i] = append(perRun[i], batch(marshals[i], sizes[i])) })
		}
	}
	return perRun, sizes, panics
}

// recovered runs f and returns the panic it raised as a *panicError, or nil.
func recovered(f func()) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &panicError{p}
		}
	}()
	f()
	return nil
}
