/**
 * The state of a WAI-ARIA 1.2 combobox with a listbox popup (the header search
 * suggestions), as a pure reducer, so the keyboard rules are tested without a DOM.
 */

/** Whether the popup is open, how many options it has and which one is active. */
export interface ComboboxState {
  open: boolean;
  count: number;
  /** Index of the active option; -1 when focus stays on the field's text. */
  active: number;
}

/** What can happen to the combobox. */
export type ComboboxEvent =
  /** New options arrived; the popup opens when there are any and the field has focus. */
  | { type: 'results'; count: number; focused: boolean }
  /** ArrowDown: opens a closed popup with options, else moves to the next (wraps). */
  | { type: 'down' }
  /** ArrowUp: moves to the previous option (wraps); opens a closed popup on the last. */
  | { type: 'up' }
  /** The pointer is over an option. */
  | { type: 'point'; index: number }
  /** Escape, blur, an emptied field or a chosen option. */
  | { type: 'close' };

/** Closed, with no options. */
export const initialCombobox: ComboboxState = { open: false, count: 0, active: -1 };

/** The state after `event`. */
export function comboboxReducer(state: ComboboxState, event: ComboboxEvent): ComboboxState {
  switch (event.type) {
    case 'results': {
      const count = Math.max(0, Math.trunc(event.count));
      return { open: event.focused && count > 0, count, active: -1 };
    }
    case 'down':
      if (state.count === 0) return state;
      if (!state.open) return { ...state, open: true, active: 0 };
      return { ...state, active: (state.active + 1) % state.count };
    case 'up':
      if (state.count === 0) return state;
      if (!state.open || state.active <= 0)
        return { ...state, open: true, active: state.count - 1 };
      return { ...state, active: state.active - 1 };
    case 'point':
      if (!state.open || event.index < 0 || event.index >= state.count) return state;
      return { ...state, active: event.index };
    case 'close':
      return { ...state, open: false, active: -1 };
  }
}
