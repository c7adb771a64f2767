import { z } from 'zod';
import { pageFields } from './paging';

export const auditListQuery = z.object(pageFields(20)).strict();
