// The records a form's pickers picked, per form: the drawer's computed fields and checks read them as
// picked.<field> (as the server does), without putting them into the values the form submits.
import type { Form } from '@formily/core';

type Row = Record<string, unknown>;
const store = new WeakMap<object, Record<string, Row | null>>();
const listeners = new WeakMap<object, Set<() => void>>();

export function pickedOf(form: Form | object): Record<string, Row | null> {
  return store.get(form) ?? {};
}

export function setPicked(form: Form | object, field: string, record: Row | null) {
  store.set(form, { ...pickedOf(form), [field]: record });
  for (const fn of listeners.get(form) ?? []) fn();
}

/** Calls fn whenever a pick of this form changes; returns the unsubscribe. */
export function onPicked(form: Form | object, fn: () => void): () => void {
  let set = listeners.get(form);
  if (!set) listeners.set(form, (set = new Set()));
  set.add(fn);
  return () => set!.delete(fn);
}

type Choice = (field: string, record: Row | null) => void;
const choiceListeners = new WeakMap<object, Set<Choice>>();

/** A user picked a record in a form's picker (not the lookup of a stored pick): e.g. a template fills the lines. */
export function announceChoice(form: Form | object, field: string, record: Row | null) {
  for (const fn of choiceListeners.get(form) ?? []) fn(field, record);
}

/** Calls fn whenever a user picks a record in this form; returns the unsubscribe. */
export function onChoice(form: Form | object, fn: Choice): () => void {
  let set = choiceListeners.get(form);
  if (!set) choiceListeners.set(form, (set = new Set()));
  set.add(fn);
  return () => set!.delete(fn);
}
