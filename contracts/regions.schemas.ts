import * as v from 'valibot';
import { REGIONS } from './regions.ts';

export const RegionSchema = v.picklist(REGIONS, 'Please select a region');
