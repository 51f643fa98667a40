import fixture from '../../dev/fixture.json';
import type { PageName, SiteInfo } from '../types';

export const site = fixture.site as unknown as SiteInfo;
export const pagesFixture = fixture.pages as unknown as Record<PageName, { route: string; props: any }>;
