import { useState } from "hono/jsx/dom";

/**
 * The evidence item a citation picked, and the citation's action: mark the item, then bring it into
 * view and give it focus once it is drawn (a few frames at most: another turn's evidence may need to
 * be drawn first).
 */
export function useCite(): [string | undefined, (id: string) => void] {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const cite = (id: string) => {
    setSelected(id);
    let frames = 10;
    const reveal = () => {
      const el = document.getElementById(`ev-${id}`);
      if (!el?.classList.contains("selected") && frames-- > 0) return void requestAnimationFrame(reveal);
      el?.scrollIntoView({ block: "center" });
      el?.focus({ preventScroll: true });
    };
    requestAnimationFrame(reveal);
  };
  return [selected, cite];
}
