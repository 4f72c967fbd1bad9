import type { ComponentType } from 'react';
import { connect, mapReadPretty } from '@formily/react';
import { ReadPretty } from './ReadPretty';
import type { FieldAdapterProps } from './types';

/** Connects a plain value/onChange component to Formily with the shared read-only view. */
export function adapt(component: ComponentType<FieldAdapterProps>): ComponentType<FieldAdapterProps> {
  return connect(component, mapReadPretty(ReadPretty)) as ComponentType<FieldAdapterProps>;
}
