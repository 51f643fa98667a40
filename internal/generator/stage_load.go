package generator

import (
	"encoding/json"
	"fmt"
	"strconv"

	"digitalreeviver/internal/contentdir"
)

// load reads the content folder, the live generation's manifest and the published records.
//
// Reuse, the inputs hash: when everything the output depends on (the program, the renderer
// bundle, the static files, the content folder, the records and the settings) sums to what the
// live generation was built from, nothing can have changed and the build stops here. With a
// source that sums its records as stored, that is before a single record is decoded, which is
// most of a no-change build's time on a large site.
func (r *run) load() error {
	if err := checkOutput(r.cfg.OutDir, r.cfg.Logger); err != nil {
		return err
	}
	var err error
	if r.content, err = r.loadContent(); err != nil {
		return err
	}
	r.live = LiveGeneration(r.cfg.OutDir)
	r.prev = r.manifests.read(r.live)
	r.assets = r.renderer.Assets()
	info := siteInfo(r.cfg, r.content)
	r.formEndpoint = info.FormEndpoint
	if r.siteJSON, err = json.Marshal(info); err != nil {
		return err
	}
	r.intakeFile = r.cfg.Intake.file()
	if r.static, err = r.staticFiles(r.assets); err != nil {
		return err
	}
	// The uploads a build copies follow from the records (and are never edited), so the records'
	// part of the inputs covers them.
	fixedStatic := sumMap(staticKeys(r.static))
	if digest, err := r.src.RecordsDigest(); err == nil && digest != "" {
		if r.stopIfUnchanged(r.inputsHash(r.siteJSON, r.intakeFile, r.assets.Hash, fixedStatic, r.contentSum, "digest:"+digest)) && !r.warm {
			return nil
		}
	}
	if ts, ok := r.src.(TextSource); ok && r.cfg.OneShot && r.inputs != "" {
		// A single build reads each post's text when it needs it (the inputs hash, from the
		// stored records, covers the text already).
		if r.blogs, err = ts.BlogsWithoutText(); err != nil {
			return fmt.Errorf("blogs: %w", err)
		}
		r.texts = newPostTexts(ts, len(r.blogs))
	} else if r.blogs, err = r.src.Blogs(); err != nil {
		return fmt.Errorf("blogs: %w", err)
	}
	r.keys = recordKeys(r.blogs)
	if r.services, err = r.src.Services(); err != nil {
		return fmt.Errorf("services: %w", err)
	}
	if err := r.loadAlts(); err != nil {
		return err
	}
	if rs, ok := r.src.(RedirectSource); ok {
		if r.redirects, err = rs.Redirects(); err != nil {
			return fmt.Errorf("redirects: %w", err)
		}
	}
	if !r.reusable() && !r.warm {
		// Nothing to reuse, every page renders: start node (every process) now, so its
		// start-up overlaps planning.
		go r.renderer.StartAll()
	}
	used := r.recordUploads()
	if err := r.texts.failed(); err != nil {
		return fmt.Errorf("blogs: %w", err)
	}
	r.addUploads(r.static, used)
	if err := r.loadMedia(used); err != nil {
		return err
	}
	r.staticSum = sumMap(staticKeys(r.static))
	if r.inputs == "" {
		if sum := sumRecords(r.blogs, r.services, r.redirects); sum != "" {
			sum += sumMap(r.alts)
			r.stopIfUnchanged(r.inputsHash(r.siteJSON, r.intakeFile, r.assets.Hash, fixedStatic, r.contentSum, "decoded:"+sum))
		}
	}
	if r.imagesLater > 0 {
		// Pages show uploads as they are while their variants are made: this generation is not
		// what its inputs make, so the build that follows must not take it as up to date.
		r.inputs, r.unchanged = "", false
	}
	return nil
}

// loadContent reads the content folder. A long-lived Builder keeps the folder it read last with
// the sum of its files (contentSum), and takes it again while the sum is the same: parsing its
// YAML and Markdown was a fixed few milliseconds of every publish.
func (r *run) loadContent() (*contentdir.Content, error) {
	r.contentSum = contentSum(r.cfg.ContentDir)
	if kept := r.Builder.content; !r.cfg.OneShot && r.contentSum != "" && kept.sum == r.contentSum {
		return kept.content, nil
	}
	c, err := contentdir.Load(r.cfg.ContentDir)
	if err != nil {
		return nil, err
	}
	if !r.cfg.OneShot {
		r.Builder.content = contentMemo{sum: r.contentSum, content: c}
	}
	return c, nil
}

// contentMemo is the content folder a long-lived Builder read last, and the sum of its files.
// Nothing changes a Content once loaded: the planner only reads it.
type contentMemo struct {
	sum     string
	content *contentdir.Content
}

// recordUploads lists the uploads the records use, in record order. A long-lived Builder keeps
// each record version's list (by recordKey: the store stamps UpdatedAt on every write), so a
// publish scans only the records that changed. The lists are kept in one map that a publish
// adds to (rebuilding it was a map of every record on every publish), forgotten once it holds
// twice as many versions as there are records.
func (r *run) recordUploads() []string {
	if !r.cfg.OneShot && (r.uploadRefs == nil || len(r.uploadRefs) > 2*(len(r.blogs)+len(r.services))+64) {
		r.uploadRefs = make(map[string][]string, len(r.blogs)+len(r.services))
	}
	seen := map[string]bool{}
	var out []string
	use := func(names []string) {
		for _, n := range names {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	add := func(key string, texts ...string) {
		names, ok := r.uploadRefs[key]
		if !ok {
			names = uploadsUsed(texts...)
			if !r.cfg.OneShot {
				r.uploadRefs[key] = names
			}
		}
		use(names)
	}
	if r.texts != nil {
		// Each post's text is read here once for its uploads, excerpt and description.
		texted := make([][]string, len(r.blogs))
		parallel(len(r.blogs), func(i int) error {
			b := &r.blogs[i]
			texted[i] = uploadsUsed(b.Image, r.texts.brief(i, b))
			return nil
		})
		for i := range r.blogs {
			use(texted[i])
		}
	} else {
		for i := range r.blogs {
			b := &r.blogs[i]
			add("blog:"+r.keys[i], b.Image, b.Content)
		}
	}
	for i := range r.services {
		s := &r.services[i]
		add("service:"+s.ID+"@"+strconv.FormatInt(s.UpdatedAt.UnixNano(), 10)+"/"+s.Slug, s.Image, s.Description)
	}
	return out
}

// stopIfUnchanged keeps inputs as the build's inputs hash, and stops the build when the live
// generation was built from the same inputs.
func (r *run) stopIfUnchanged(inputs string) bool {
	r.inputs = inputs
	r.unchanged = inputs != "" && r.reusable() && inputs == r.prev.Inputs && len(r.prev.Pages) > 0
	return r.unchanged
}
