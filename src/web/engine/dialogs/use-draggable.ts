import { useRef, useState, type MouseEvent } from 'react';

/** Drags a modal by its title: returns the offset style for modalRender and the title's mouse handler. */
export function useDraggable() {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const start = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);
  const onMouseDown = (e: MouseEvent) => {
    start.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
    const move = (ev: globalThis.MouseEvent) => {
      const s = start.current;
      if (s) setOffset({ x: s.ox + ev.clientX - s.x, y: s.oy + ev.clientY - s.y });
    };
    const up = () => {
      start.current = null;
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };
  return {
    style: { transform: `translate(${offset.x}px, ${offset.y}px)` },
    onMouseDown,
    reset: () => setOffset({ x: 0, y: 0 }),
  };
}
