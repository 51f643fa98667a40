package domain

import "fmt"

// SiteCounts are how many published posts and services a built site shows. The build's and the
// deploy's guards compare them: a site of thirty fixed pages and ten posts loses every post
// without losing half its pages, which the guards' count of pages alone lets through.
type SiteCounts struct {
	Posts    int `json:"posts"`
	Services int `json:"services"`
}

// Gone names the kinds of records c has and next has none of ("all 10 posts", "the one
// service"); empty when next keeps some of each kind c has.
func (c SiteCounts) Gone(next SiteCounts) []string {
	var out []string
	for _, k := range []struct {
		live, next   int
		one, several string
	}{{c.Posts, next.Posts, "post", "posts"}, {c.Services, next.Services, "service", "services"}} {
		switch {
		case k.live == 0 || k.next > 0:
		case k.live == 1:
			out = append(out, "the one "+k.one)
		default:
			out = append(out, fmt.Sprintf("all %d %s", k.live, k.several))
		}
	}
	return out
}
