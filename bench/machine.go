package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"

	"github.com/safejson/safejson/engine"
)

// Machine says where a bench ran.
type Machine struct {
	CPU        string `json:"cpu"`
	Cores      int    `json:"cores"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	Go         string `json:"go"`
	GOOS       string `json:"goos"`
	GOARCH     string `json:"goarch"`
	Engine     string `json:"engine"`
}

// currentMachine describes this machine and the engine under test.
func currentMachine(eng engine.Engine) Machine {
	return Machine{
		CPU:        cpuModel(),
		Cores:      runtime.NumCPU(),
		GOMAXPROCS: runtime.GOMAXPROCS(0),
		Go:         runtime.Version(),
		GOOS:       runtime.GOOS,
		GOARCH:     runtime.GOARCH,
		Engine:     eng.Name(),
	}
}

// Line is the machine as the first line of a table.
func (m Machine) Line() string {
	return fmt.Sprintf("Machine: %s, %d cores (GOMAXPROCS %d) · %s %s/%s · engine %s",
		m.CPU, m.Cores, m.GOMAXPROCS, m.Go, m.GOOS, m.GOARCH, m.Engine)
}

// cpuModel reads the CPU's model name from /proc/cpuinfo ("model name" on x86,
// "Model" or "Processor" on some arm64 kernels), or "unknown CPU".
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, val, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(key) {
		case "model name", "Model", "Processor":
			if v := strings.TrimSpace(val); v != "" {
				return v
			}
		}
	}
	return "unknown CPU"
}
