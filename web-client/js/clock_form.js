// The time-control fields of a form (the lobby's new game, the admin's ladders
// and events): a choice of untimed (where allowed), a preset, custom minutes +
// seconds a move, or days per move, with the custom and correspondence rows
// shown only when chosen. clock.js checks what was chosen (timeControlOf).
import { h } from './ui.js';
import { PRESETS, MIN_DAYS, MAX_DAYS, timeControlOf } from './clock.js';

/**
 * @param {{id?: string, untimed?: boolean, choice?: string}} [options]
 *   `id` prefixes every field's id (the select is `id`, then `id`-minutes,
 *   `id`-increment, `id`-days, `id`-custom and `id`-correspondence);
 *   `untimed`: offer "untimed"; `choice`: the one chosen at first
 * @returns {{select: HTMLSelectElement, rows: HTMLElement[], form: () => object, control: () => ({clock: object|null}|{problem: string})}}
 */
export function clockPicker({ id = 'clock', untimed = true, choice = untimed ? 'untimed' : 'correspondence' } = {}) {
  const select = h('select', { id },
    untimed ? h('option', { value: 'untimed' }, 'untimed') : null,
    PRESETS.map((p) => h('option', { value: p.name }, `${p.name} (${p.clock.initial_ms / 60000} min + ${p.clock.increment_ms / 1000} s a move)`)),
    h('option', { value: 'custom' }, 'custom…'),
    h('option', { value: 'correspondence' }, 'correspondence (days per move)'));
  const minutes = h('input', { id: `${id}-minutes`, type: 'number', min: 0, max: 180, step: 'any', value: 10, inputmode: 'decimal', 'aria-label': 'Minutes for each player' });
  const increment = h('input', { id: `${id}-increment`, type: 'number', min: 0, max: 180, step: 1, value: 5, inputmode: 'numeric', 'aria-label': 'Seconds added after each move' });
  const days = h('select', { id: `${id}-days` }, Array.from({ length: MAX_DAYS - MIN_DAYS + 1 }, (_, i) => h('option', { value: MIN_DAYS + i }, `${MIN_DAYS + i}`)));
  days.value = '3';
  const custom = h('div', { class: 'form-row clock-custom', id: `${id}-custom`, hidden: true },
    h('label', { for: `${id}-minutes` }, 'Minutes'), minutes,
    h('label', { for: `${id}-increment`, style: 'min-width:auto' }, '+ seconds a move'), increment);
  const correspondence = h('div', { class: 'form-row', id: `${id}-correspondence`, hidden: true },
    h('label', { for: `${id}-days` }, 'Days per move'), days);
  const refresh = () => {
    custom.hidden = select.value !== 'custom';
    correspondence.hidden = select.value !== 'correspondence';
  };
  select.value = choice;
  refresh();
  select.addEventListener('change', refresh);
  const form = () => ({ choice: select.value, minutes: minutes.value, increment: increment.value, days: days.value });
  return { select, rows: [custom, correspondence], form, control: () => timeControlOf(form()) };
}
