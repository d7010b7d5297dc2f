/** Small, readable controls for the scene panels. */
import { type ReactNode, useId } from 'react';

export function Slider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  format?: (v: number) => string;
  onChange: (v: number) => void;
  hint?: string;
}) {
  const id = useId();
  const { label, value, min, max, step = 1, format = String, onChange, hint } = props;
  return (
    <div className="control">
      <div className="control-row">
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id}>{format(value)}</output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      />
      {hint ? <p className="control-hint">{hint}</p> : null}
    </div>
  );
}

export function Toggle(props: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="control">
      <div className="control-row">
        <label htmlFor={id}>{props.label}</label>
        <input
          id={id}
          className="switch"
          type="checkbox"
          checked={props.checked}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
        />
      </div>
      {props.hint ? <p className="control-hint">{props.hint}</p> : null}
    </div>
  );
}

export function Segmented<T extends string | number>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <div className="control">
      <div className="control-row">
        <span className="control-label">{props.label}</span>
      </div>
      <fieldset className="segmented" aria-label={props.label}>
        {props.options.map((o) => (
          <button
            key={String(o.value)}
            type="button"
            aria-pressed={o.value === props.value}
            className={o.value === props.value ? 'on' : ''}
            onClick={() => props.onChange(o.value)}
          >
            {o.label}
          </button>
        ))}
      </fieldset>
    </div>
  );
}

export function Button(props: { children: ReactNode; onClick: () => void; kind?: 'primary' | 'plain' }) {
  return (
    <button type="button" className={`btn ${props.kind ?? 'plain'}`} onClick={props.onClick}>
      {props.children}
    </button>
  );
}

export function Keys({ children }: { children: ReactNode }) {
  return <p className="keys">{children}</p>;
}

/** Buttons held down with mouse, pen or finger: the keyboard's keys on a touch screen. */
export function HoldPad<K extends string>(props: {
  buttons: readonly { key: K; label: string; primary?: boolean }[];
  onHold: (key: K, down: boolean) => void;
}) {
  return (
    <div className="drive-pad">
      {props.buttons.map(({ key, label, primary }) => (
        <button
          key={key}
          type="button"
          className={primary ? 'btn primary' : 'btn'}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            props.onHold(key, true);
          }}
          onPointerUp={() => props.onHold(key, false)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
