// Animation plans (batch updates, snapshots, layout switches) played with the Web Animations
// API: every entry's node goes from its `from` attributes to its `to` attributes.
import { cssTransform, elementKey, planEnd, type LayoutElement, type PlanEntry } from './element.js';
import type { Point } from './geometry.js';
import { listClip, listGroups } from './list.js';
import { write, writeClip, type Placed, type Stage } from './stage.js';

export interface AnimationOptions {
  duration: number;
  easing: string;
}

function keyframe(e: LayoutElement): Keyframe {
  return {
    transform: cssTransform(e),
    width: `${e.frame.width}px`,
    height: `${e.frame.height}px`,
    opacity: e.hidden ? 0 : e.alpha,
  };
}

/** The two keyframes of an element, with its clip-path at each end when an inset group clips
 *  it at either (list.ts): the clip then moves with the group. */
function keyframes(from: LayoutElement, fromClip: string, to: LayoutElement, toClip: string): Keyframe[] {
  const start = keyframe(from), end = keyframe(to);
  if (fromClip || toClip) {
    start.clipPath = fromClip || 'none';
    end.clipPath = toClip || 'none';
  }
  return [start, end];
}

/** The content widths a plan's ends are mirrored across, before and after the change: the
 *  content's new width where the axis was (or is) flipped, null where not. */
export interface PlanMirror {
  from: number | null;
  to: number | null;
}

/**
 * Plays `plan` on `stage`. `shift` is the change's contentOffsetAdjustment: the `from` ends
 * are moved by it, so that every element starts where it was on screen (the view has already
 * scrolled to the answered offset). Nodes that the plan does not name are released (they
 * will be fetched again at their new places). Resolves when every animation has ended.
 * `mirror`: with a flipped axis each end is drawn mirrored (the answered offset and the new
 * width give the scroll position, so both ends mirror across the new width).
 */
export async function playPlan(
  stage: Stage, plan: readonly PlanEntry[], shift: Point, options: AnimationOptions, mirror: PlanMirror = { from: null, to: null },
): Promise<void> {
  const before = new Map(stage.placed);
  stage.placed.clear();
  const leaving: Placed[] = [];
  const running: Promise<unknown>[] = [];
  const ends = plan.map((entry) => ({
    entry,
    from: planEnd(entry, 'from', shift, mirror.from),
    to: planEnd(entry, 'to', { x: 0, y: 0 }, mirror.to),
  }));
  // Inset groups clip their rows at both ends; the clip moves with the group.
  const fromGroups = listGroups(ends.map((e) => e.from)), toGroups = listGroups(ends.map((e) => e.to));
  for (const { entry, from, to } of ends) {
    const oldKey = elementKey(entry.category, entry.kind, entry.from.indexPath);
    // An inserted element is new, even where an old one had its index path.
    let p = entry.change === 'insert' ? undefined : before.get(oldKey);
    if (p) before.delete(oldKey);
    if (!p) p = stage.acquire(entry.change === 'delete' ? from : to);
    else if (entry.change === 'reload') stage.draw(p, to);
    p.key = elementKey(to.category, to.kind, to.indexPath);
    p.element = to;
    write(p, to);
    const clip = listClip(to, toGroups);
    writeClip(p, clip);
    if (entry.change === 'delete') leaving.push(p);
    else {
      const taken = stage.placed.get(p.key);
      if (taken) leaving.push(taken);
      stage.placed.set(p.key, p);
    }
    if (options.duration > 0) {
      const animation = p.node.animate(keyframes(from, listClip(from, fromGroups), to, clip), { duration: options.duration, easing: options.easing });
      running.push(animation.finished.catch(() => undefined));
    }
  }
  for (const p of before.values()) stage.release(p);
  await Promise.all(running);
  for (const p of leaving) {
    p.key = '';
    stage.release(p);
  }
}
