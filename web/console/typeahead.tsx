import type { ComponentChild } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Answer } from './api';
import { RequestLine } from './request-line';

/** Quiet time after the last keystroke before asking: one request per pause, not per key. */
export const DEBOUNCE_MS = 150;

interface Props<T> {
  id: string;
  label: string;
  hint: string;
  placeholder: string;
  /** The endpoint's own minimum query length; shorter text asks nothing. */
  minLength: number;
  search(q: string, signal: AbortSignal): Promise<Answer<{ data: T[] }>>;
  option(item: T): ComponentChild;
  onPick(item: T): void;
}

/**
 * A combobox (WAI-ARIA 1.2 pattern): type, pause, pick with the arrow keys and Enter or the
 * pointer; Escape closes. A newer query aborts the request of an older one, so answers never
 * arrive out of order.
 */
export function Typeahead<T>(props: Props<T>) {
  const [text, setText] = useState('');
  const [items, setItems] = useState<T[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [answer, setAnswer] = useState<Answer<{ data: T[] }> | null>(null);
  const search = useRef(props.search);
  search.current = props.search;

  useEffect(() => {
    const q = text.trim();
    if (q.length < props.minLength) {
      setItems([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const result = await search.current(q, controller.signal);
        setAnswer(result);
        setItems(result.ok ? result.body.data : []);
        setActive(-1);
        setOpen(true);
      } catch (error) {
        if (!controller.signal.aborted) throw error;
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, props.minLength]);

  const pick = (item: T) => {
    setOpen(false);
    setActive(-1);
    props.onPick(item);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && items.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      pick(items[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const listId = `${props.id}-list`;
  const optionId = (index: number) => `${props.id}-option-${index}`;
  return (
    <div class="typeahead">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="search"
        role="combobox"
        autocomplete="off"
        spellcheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-describedby={`${props.id}-hint`}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        placeholder={props.placeholder}
        value={text}
        onInput={(event) => setText((event.target as HTMLInputElement).value)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => items.length && setOpen(true)}
      />
      <p id={`${props.id}-hint`} class="hint">
        {props.hint}
      </p>
      <ul id={listId} role="listbox" aria-label={`${props.label}: suggestions`} class="options" hidden={!open}>
        {items.map((item, index) => (
          <li
            key={index}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            class={index === active ? 'option active' : 'option'}
            // mousedown, not click: it comes before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(item);
            }}
          >
            {props.option(item)}
          </li>
        ))}
        {open && items.length === 0 ? <li class="option empty">Nothing found</li> : null}
      </ul>
      <RequestLine answer={answer} />
    </div>
  );
}
