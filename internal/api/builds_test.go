package api

import (
	"encoding/json"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/generator"
	"digitalreeviver/internal/poll"
	"digitalreeviver/internal/publish"
)

// docFields reads the fields docs/API.md gives an object of GET /api/builds: the first
// `{…}` after prefix on that route's line ("" the build itself, "deploy: " its deploy), each
// name with "?" when it may be left out.
func docFields(t *testing.T, prefix string) (all, required []string) {
	t.Helper()
	doc, err := os.ReadFile("../../docs/API.md")
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(string(doc), "\n") {
		if strings.HasPrefix(l, "| GET | /api/builds |") {
			line = l
		}
	}
	m := regexp.MustCompile("`" + regexp.QuoteMeta(prefix) + `\{([^}]*)\}`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("docs/API.md: no %q{…} on the GET /api/builds line", prefix)
	}
	for _, f := range strings.Split(m[1], ", ") {
		name, _, _ := strings.Cut(f, ":")
		opt := strings.HasSuffix(name, "?")
		name = strings.TrimSuffix(name, "?")
		all = append(all, name)
		if !opt {
			required = append(required, name)
		}
	}
	slices.Sort(all)
	slices.Sort(required)
	return all, required
}

func keysOf(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestBuildJSONShape pins GET /api/builds to docs/API.md: a build that ran answers exactly the
// documented fields that are always there, with the generator's stages and search counts in
// their documented shapes; a build with every optional field (a previous generation, an error,
// a deploy) answers exactly all the documented fields, its deploy too. The API has its own
// type (buildView), so a field renamed in the generator or the queue fails here, not in a
// client.
func TestBuildJSONShape(t *testing.T) {
	e := newEnv(t)
	res := e.do("POST", "/api/builds", nil, "", e.bearer())
	started, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 202 || strings.Contains(string(started), "0001-01-01") {
		t.Fatalf("rebuild: %d %s", res.StatusCode, started)
	}
	// A build still queued (as POST /api/builds answers it while another build runs) has no
	// start yet: its times are left out, not "0001-01-01T00:00:00Z".
	queued, err := json.Marshal(viewOfBuild(publish.Build{ID: 3, Status: publish.StatusQueued, QueuedAt: time.Now()}))
	if err != nil || strings.Contains(string(queued), "0001-01-01") || strings.Contains(string(queued), `"started`) {
		t.Fatalf("a queued build: %s %v", queued, err)
	}
	var list []json.RawMessage
	poll.Until(t, "the build to finish", func() bool {
		res := e.do("GET", "/api/builds", nil, "", e.bearer())
		defer res.Body.Close()
		list = nil
		if err := decodeInto(res.Body, &list); err != nil {
			t.Fatal(err)
		}
		return len(list) == 1 && strings.Contains(string(list[0]), `"status":"ok"`)
	})
	all, required := docFields(t, "")
	// The fake generator names a previous generation; a build that ran has its start times: the
	// optional fields of a build that succeeded without a deploy.
	want := append(slices.Clone(required), "previous", "started", "startedAt")
	slices.Sort(want)
	if got := keysOf(t, list[0]); !slices.Equal(got, want) {
		t.Errorf("GET /api/builds fields:\n got %v\nwant %v", got, want)
	}
	var b struct {
		Stages []json.RawMessage `json:"stages"`
		Search json.RawMessage   `json:"search"`
		Pages  int               `json:"pagesTotal"`
	}
	if err := json.Unmarshal(list[0], &b); err != nil || len(b.Stages) != 1 || b.Pages != 43 {
		t.Fatalf("build %s: %v", list[0], err)
	}
	if got := keysOf(t, b.Stages[0]); !slices.Equal(got, []string{"duration", "name"}) {
		t.Errorf("stage fields %v", got)
	}
	if got := keysOf(t, b.Search); !slices.Equal(got, []string{"bytes", "files", "merged", "pages", "written"}) {
		t.Errorf("search fields %v", got)
	}

	// Every optional field, through the same view.
	full := publish.Build{ID: 2, Status: publish.StatusFailed, Error: "render: node exited",
		Result: generator.Result{Generation: "g2", Previous: "g1", ImagesLater: 1, Started: time.Now()}, QueuedAt: time.Now(), StartedAt: time.Now(),
		Deploy: &publish.DeployRecord{Target: "s3://b", Status: publish.StatusFailed, Generation: "g2", Changed: []string{"index.html"},
			Error: "403", PurgeError: "timeout"}}
	data, err := json.Marshal(viewOfBuild(full))
	if err != nil {
		t.Fatal(err)
	}
	want = append(slices.Clone(all), "deploy") // described after the build's fields
	slices.Sort(want)
	if got := keysOf(t, data); !slices.Equal(got, want) {
		t.Errorf("a build with every field:\n got %v\nwant %v", got, want)
	}
	var withDeploy struct{ Deploy json.RawMessage }
	_ = json.Unmarshal(data, &withDeploy)
	deployAll, _ := docFields(t, "deploy: ")
	if got := keysOf(t, withDeploy.Deploy); !slices.Equal(got, deployAll) {
		t.Errorf("deploy fields:\n got %v\nwant %v", got, deployAll)
	}
}
