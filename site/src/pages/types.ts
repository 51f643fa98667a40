import type { SiteInfo } from '../types';

/** What every page component receives from render(). */
export interface PageArgs<P> {
  props: P;
  site: SiteInfo;
  route: string;
}
