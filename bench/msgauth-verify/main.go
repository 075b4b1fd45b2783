// msgauth-verify: the go-msgauth peer of `eventsuggest verify` in `make bench`.
//
//	msgauth-verify -keys FILE [-jobs N] PATH...
//
// PATH is a Maildir (cur/ and new/) or an mboxrd file. Keys come from a file in the
// `eventsuggest --keys` format (selector._domainkey.domain TXT-TEXT per line), looked up
// through go-msgauth's VerifyOptions.LookupTXT from a map: no DNS. Each message is
// verified with dkim.VerifyWithOptions (Debian golang-github-emersion-go-msgauth-dev) by
// one of N goroutines. Prints one line per message that has no passing signature, then
// "messages N pass P". Exit 1 unless every message has a passing signature.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/emersion/go-msgauth/dkim"
)

type job struct {
	name  string
	bytes []byte // nil: read the file `name`
}

func loadKeys(path string) map[string][]string {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "msgauth-verify:", err)
		os.Exit(2)
	}
	keys := map[string][]string{}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.SplitN(line, " ", 2)
		if len(fields) == 2 {
			name := strings.ToLower(strings.TrimSuffix(fields[0], "."))
			keys[name] = append(keys[name], strings.TrimSpace(fields[1]))
		}
	}
	return keys
}

// maildir sends cur/ and new/ files in name order.
func maildir(dir string, out chan<- job) {
	var names []string
	for _, sub := range []string{"cur", "new"} {
		entries, err := os.ReadDir(filepath.Join(dir, sub))
		if err != nil {
			continue
		}
		for _, entry := range entries {
			if !entry.IsDir() && !strings.HasPrefix(entry.Name(), ".") {
				names = append(names, filepath.Join(dir, sub, entry.Name()))
			}
		}
	}
	sort.Strings(names)
	for _, name := range names {
		out <- job{name: name}
	}
}

// mbox streams an mboxrd file: a message starts at a "From " line at the file's start or
// after an empty line; ">From " quoting is undone; the empty line before the next
// separator belongs to the mbox, not to the message.
func mbox(path string, out chan<- job) {
	file, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "msgauth-verify:", err)
		os.Exit(2)
	}
	defer file.Close()
	reader := bufio.NewReaderSize(file, 1<<20)
	var current []byte
	count := 0
	previousEmpty := true
	inMessage := false
	flush := func() {
		if inMessage {
			current = bytes.TrimSuffix(current, []byte("\n"))
			count++
			out <- job{name: fmt.Sprintf("%s#%d", path, count), bytes: current}
		}
	}
	for {
		line, err := reader.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			whole := append([]byte(nil), line...)
			for err == bufio.ErrBufferFull {
				line, err = reader.ReadSlice('\n')
				whole = append(whole, line...)
			}
			line = whole
		}
		if len(line) == 0 && err != nil {
			break
		}
		if previousEmpty && bytes.HasPrefix(line, []byte("From ")) {
			flush()
			current = make([]byte, 0, 32<<10)
			inMessage = true
		} else if inMessage {
			unquoted := bytes.TrimLeft(line, ">")
			if len(unquoted) < len(line) && bytes.HasPrefix(unquoted, []byte("From ")) {
				line = line[1:]
			}
			current = append(current, line...)
		}
		previousEmpty = len(bytes.TrimRight(line, "\r\n")) == 0
		if err != nil {
			break
		}
	}
	flush()
}

func main() {
	keysPath := flag.String("keys", "", "keys file (selector._domainkey.domain TXT per line)")
	jobs := flag.Int("jobs", runtime.NumCPU(), "messages verified in parallel")
	flag.Parse()
	if *keysPath == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: msgauth-verify -keys FILE [-jobs N] PATH...")
		os.Exit(2)
	}
	keys := loadKeys(*keysPath)
	options := &dkim.VerifyOptions{LookupTXT: func(domain string) ([]string, error) {
		if records, ok := keys[strings.ToLower(strings.TrimSuffix(domain, "."))]; ok {
			return records, nil
		}
		return nil, fmt.Errorf("no key for %s", domain)
	}}
	runtime.GOMAXPROCS(*jobs)

	work := make(chan job, 256)
	var messages, passed int64
	var printMutex sync.Mutex
	var wait sync.WaitGroup
	for i := 0; i < *jobs; i++ {
		wait.Add(1)
		go func() {
			defer wait.Done()
			for j := range work {
				data := j.bytes
				if data == nil {
					var err error
					if data, err = os.ReadFile(j.name); err != nil {
						printMutex.Lock()
						fmt.Println(j.name, "error", err)
						printMutex.Unlock()
						atomic.AddInt64(&messages, 1)
						continue
					}
				}
				verifications, err := dkim.VerifyWithOptions(bytes.NewReader(data), options)
				ok := false
				why := "no signature"
				if err != nil {
					why = err.Error()
				}
				for _, v := range verifications {
					if v.Err == nil {
						ok = true
					} else {
						why = v.Err.Error()
					}
				}
				atomic.AddInt64(&messages, 1)
				if ok {
					atomic.AddInt64(&passed, 1)
				} else {
					printMutex.Lock()
					fmt.Println(j.name, "fail", why)
					printMutex.Unlock()
				}
			}
		}()
	}
	for _, path := range flag.Args() {
		if info, err := os.Stat(path); err == nil && info.IsDir() {
			maildir(path, work)
		} else {
			mbox(path, work)
		}
	}
	close(work)
	wait.Wait()
	fmt.Printf("messages %d pass %d\n", messages, passed)
	if messages != passed {
		os.Exit(1)
	}
}
