// Records as the API answers them, for the content screens' tests: the handlers' own answers
// (api-fixture.json), not records written by hand.
import { records } from './api';

export const blogRecord = records.blog();

export const serviceRecord = records.service();
