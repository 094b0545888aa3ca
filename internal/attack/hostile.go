package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/safejson/safejson/internal/attack/shapes"
)

// hostileShapes are the shapes of internal/attack/shapes decoded into an
// any (the "any" ones, by name without the target), each a function of the
// input's size in bytes (-mb), decoded into an any or a []any (-target), by
// Unmarshal or a Decoder (-via).
var hostileShapes = func() map[string]func(n int) []byte {
	m := map[string]func(n int) []byte{}
	for _, s := range shapes.All() {
		if name, ok := strings.CutSuffix(s.Name, "/any"); ok {
			m[name] = s.Make
		}
	}
	return m
}()

// watchdog ends the process when its resident memory passes limit MB, so
// that a shape that amplifies is reported instead of taking the machine.
func watchdog(limit int) {
	page := int64(os.Getpagesize())
	for {
		time.Sleep(5 * time.Millisecond)
		b, err := os.ReadFile("/proc/self/statm")
		if err != nil {
			return
		}
		f := strings.Fields(string(b))
		if len(f) < 2 {
			return
		}
		rss, _ := strconv.ParseInt(f[1], 10, 64)
		if rss*page>>20 > int64(limit) {
			fmt.Printf("killed\t>%d\twatchdog: RSS past %d MB\n", limit, limit)
			os.Exit(3)
		}
	}
}
