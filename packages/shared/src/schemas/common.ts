import * as v from 'valibot';
import { USER_GROUPS } from '../constants.ts';

/** An opaque id as the API hands it out. */
export const id = v.pipe(v.string('Invalid id.'), v.trim(), v.nonEmpty('Invalid id.'), v.maxLength(64, 'Invalid id.'));
export const userGroup = v.picklist(USER_GROUPS, 'Invalid user group.');
