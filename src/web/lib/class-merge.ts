import { twMerge } from 'tailwind-merge';
import { setClassMerge } from './cn';

// Imported for its effect: from now on cn() resolves conflicting Tailwind classes (see cn.ts).
setClassMerge(twMerge);
