package generator

import (
	"path/filepath"

	"digitalreeviver/internal/domain"
)

// swap seals the new generation with its manifest and makes it live in one rename, so a reader
// sees the old site or the new one, never a mix.
func (r *run) swap() error {
	if r.mapsEncoded != nil {
		<-r.mapsEncoded // encodeMapsAfter, started by diff
	} else {
		r.next.encodeMapsAfter(r.prev)
	}
	r.next.Generation = r.name
	r.next.Records = &domain.SiteCounts{Posts: len(r.blogs), Services: len(r.services)}
	r.next.FormEndpoint = r.formEndpoint
	data := r.next.assemble(r.next.order) // not through json.Marshal, which would scan the bytes again
	if err := r.w.write(manifestName, data); err != nil {
		return err
	}
	if err := r.ctx.Err(); err != nil {
		return err
	}
	r.w.close()
	if err := r.out.gens.Rename(r.tmp, r.name); err != nil {
		return err
	}
	r.tmp = ""
	if r.opts.BeforeLive != nil {
		if err := r.opts.BeforeLive(); err != nil {
			r.out.gens.RemoveAll(r.name)
			return err
		}
	}
	if err := r.out.swapLink(r.name); err != nil {
		r.out.gens.RemoveAll(r.name)
		return err
	}
	if !r.cfg.OneShot {
		r.manifests.keep(filepath.Join(generationsDir(r.cfg.OutDir), r.name), r.next)
	}
	return nil
}

// prune removes the generations beyond the newest Keep. Removing a generation (a file and a
// folder per page) takes as long as writing one, so it runs after the build returns, once no
// other build has followed for pruneDelay.
func (r *run) prune() error {
	r.schedulePrune()
	return nil
}
