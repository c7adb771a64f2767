import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const Card = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('rounded-xl border border-gray-200 bg-white shadow-sm', className)} {...props} />
);
export const CardHeader = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('flex flex-col gap-1.5 p-6', className)} {...props} />
);
export const CardTitle = ({ className, ...props }: ComponentProps<'h2'>) => (
  <h2 className={cn('text-xl font-semibold leading-tight text-gray-900', className)} {...props} />
);
export const CardDescription = ({ className, ...props }: ComponentProps<'p'>) => (
  <p className={cn('text-sm text-gray-600', className)} {...props} />
);
export const CardContent = ({ className, ...props }: ComponentProps<'div'>) => (
  <div className={cn('p-6 pt-0', className)} {...props} />
);
