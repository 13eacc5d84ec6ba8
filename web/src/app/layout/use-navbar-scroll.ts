import { NAVBAR_AUTOHIDE_THRESHOLD_PX, NAVBAR_BLUR_AFTER_PX } from '@quorum/shared/constants';
import { useEffect, useState } from 'react';

/**
 * `scrolled` turns on past NAVBAR_BLUR_AFTER_PX. With `autoHide`, `hidden` turns on after
 * scrolling down by more than the threshold since the last change of direction (once past the
 * top of the page), and off after scrolling up by as much or back at the top.
 */
export function useNavbarScroll(autoHide: boolean): { scrolled: boolean; hidden: boolean } {
  const [scrolled, setScrolled] = useState(false);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    let lastY = Math.max(0, window.scrollY);
    let turnY = lastY;
    let direction = 0;
    let frame = 0;

    const update = () => {
      frame = 0;
      const y = Math.max(0, window.scrollY);
      setScrolled(y > NAVBAR_BLUR_AFTER_PX);
      if (!autoHide || y <= 0) {
        setHidden(false);
      } else {
        const step = Math.sign(y - lastY);
        if (step !== 0 && step !== direction) {
          direction = step;
          turnY = lastY;
        }
        if (direction > 0 && y - turnY > NAVBAR_AUTOHIDE_THRESHOLD_PX && y > NAVBAR_BLUR_AFTER_PX) setHidden(true);
        else if (direction < 0 && turnY - y > NAVBAR_AUTOHIDE_THRESHOLD_PX) setHidden(false);
      }
      lastY = y;
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };

    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [autoHide]);

  return { scrolled, hidden: autoHide && hidden };
}
