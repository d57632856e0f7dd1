import type { StepResult } from '../../../ir/results.js';
import { h } from './dom.js';

// Screenshots of a step, with the target's box drawn over them, and the recorded/live slider.

type Box = { x: number; y: number; width: number; height: number };

/** Places a box given in CSS px of the screenshot over the image, in % so it follows resizing. */
function placeBox(img: HTMLImageElement, el: HTMLElement, box: Box): void {
  const place = () => {
    const W = img.naturalWidth;
    const H = img.naturalHeight;
    if (!W || !H) return;
    el.style.left = `${(box.x / W) * 100}%`;
    el.style.top = `${(box.y / H) * 100}%`;
    el.style.width = `${(box.width / W) * 100}%`;
    el.style.height = `${(box.height / H) * 100}%`;
    el.hidden = false;
  };
  el.hidden = true;
  if (img.complete) place();
  img.addEventListener('load', place);
}

export function shot(caption: string, src: string | undefined, kind: string, box: Box | undefined, boxKind: string): HTMLElement {
  const img = h('img', { src, alt: caption, 'data-kind': kind }) as HTMLImageElement;
  const frame = h('div', { class: 'shot-frame' }, img);
  if (box) {
    const b = h('div', {
      class: `box box-${boxKind}`,
      'data-box': boxKind,
      title: `target ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`,
    });
    frame.appendChild(b);
    placeBox(img, b, box);
  }
  img.addEventListener('error', () => frame.classList.add('missing'));
  return h(
    'figure',
    { class: `shot k-${kind}` },
    h('a', { href: src, target: '_blank', class: 'shot-link' }, frame),
    h('figcaption', null, caption),
  );
}

export function sliderView(rec: string, live: string, s: StepResult): HTMLElement {
  const base = h('img', { src: rec, alt: 'recorded', 'data-kind': 'slider-recorded' }) as HTMLImageElement;
  const top = h('img', { src: live, alt: 'live', 'data-kind': 'slider-live' }) as HTMLImageElement;
  const topWrap = h('div', { class: 'slider-top', style: 'clip-path: inset(0 0 0 50%)' }, top);
  const stage = h('div', { class: 'slider-stage' }, base, topWrap, h('div', { class: 'slider-line', style: 'left:50%' }));
  if (s.recordedBox) {
    const b = h('div', { class: 'box box-recorded', 'data-box': 'slider-recorded' });
    stage.appendChild(b);
    placeBox(base, b, s.recordedBox);
  }
  if (s.liveBox) {
    const b = h('div', { class: 'box box-live', 'data-box': 'slider-live' });
    stage.appendChild(b);
    placeBox(base, b, s.liveBox);
  }
  const range = h('input', {
    type: 'range',
    min: 0,
    max: 100,
    value: 50,
    'aria-label': 'recorded ← → live',
    'data-testid': 'slider',
  }) as HTMLInputElement;
  range.addEventListener('input', () => {
    topWrap.style.clipPath = `inset(0 0 0 ${range.value}%)`;
    (stage.querySelector('.slider-line') as HTMLElement).style.left = `${range.value}%`;
  });
  return h(
    'div',
    { class: 'slider', 'data-testid': 'slider-view' },
    stage,
    h('div', { class: 'slider-legend' }, h('span', null, '◀ recorded'), range, h('span', null, 'live ▶')),
  );
}
