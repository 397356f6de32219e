// The /demo page: two <tessera-view> elements over sessions this page creates with generated
// data, a justified feed of 100,000 photos and a compositional feed with pinned headers.
// Plain JavaScript, no build step; the element comes from /tessera-view.js.
import '/tessera-view.js';

const $ = (id) => document.getElementById(id);

/** A small seeded generator: the same feeds on every load. */
function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const hue = (n) => (n * 47) % 360;

// MARK: Justified photos

const PHOTO_COUNT = 100000;
const shapes = [0.66, 0.75, 1, 1, 1.33, 1.5, 1.5, 1.77, 2.4];
const random = seeded(33);
const aspect = () => Math.round(shapes[Math.floor(random() * shapes.length)] * (0.9 + 0.2 * random()) * 100) / 100;
/** Each item's photo number and aspect ratio, in the session's order. */
const photos = Array.from({ length: PHOTO_COUNT }, (_, n) => ({ n: n + 1, ratio: aspect() }));
let nextPhoto = PHOTO_COUNT + 1;
let rowHeight = 160;
const justified = (height) => ({ type: 'justified', targetRowHeight: height, containerPadding: 8, boxSpacing: 6 });

const photosView = $('photos');
photosView.renderElement = (element) => {
  const photo = photos[element.indexPath[1]];
  const node = document.createElement('div');
  node.className = 'photo';
  const h = hue(photo.n);
  node.style.background = `linear-gradient(135deg, hsl(${h} 55% 62%), hsl(${(h + 40) % 360} 50% 38%))`;
  node.textContent = `#${photo.n}`;
  return node;
};

function showPhotosStatus() {
  $('photos-status').textContent = `${photos.length.toLocaleString('en')} photos, session ${photosView.sessionId?.slice(0, 8)}…`;
}

$('photos-prepend').addEventListener('click', async () => {
  const added = Array.from({ length: 12 }, () => ({ n: nextPhoto++, ratio: aspect() }));
  photos.unshift(...added);
  await photosView.performBatchUpdates([
    { op: 'insertItems', indexPaths: added.map((_, i) => [0, i]), items: added.map((p) => p.ratio) },
  ]);
  showPhotosStatus();
});
$('photos-jump').addEventListener('click', () =>
  photosView.scrollToItem([0, photos.findIndex((p) => p.n === 50000)], 'centeredVertically', { animated: true }));
$('photos-rows').addEventListener('click', async () => {
  rowHeight = rowHeight === 160 ? 260 : 160;
  $('photos-rows').textContent = rowHeight === 160 ? 'Taller rows' : 'Shorter rows';
  await photosView.setLayout(justified(rowHeight));
});

// MARK: Compositional feed

const SECTION_COUNT = 300;
const header = {
  kind: 'header', alignment: 'top', pinToVisibleBounds: true,
  size: { width: { fractionalWidth: 1 }, height: { absolute: 40 } },
};
const badge = {
  kind: 'badge', size: { width: { absolute: 20 }, height: { absolute: 20 } },
  anchor: { edges: ['top', 'trailing'], fractionalOffset: { x: 0.3, y: -0.3 } },
};
const fill = { width: { fractionalWidth: 1 }, height: { fractionalHeight: 1 } };
/** A large story beside two small ones (the fractions leave room for the spacing: a subitem
 *  that does not fit is left out, as in UIKit). */
const hero = {
  interGroupSpacing: 6, contentInsets: { top: 6, leading: 8, bottom: 14, trailing: 8 },
  boundarySupplementaryItems: [header],
  group: {
    axis: 'horizontal', interItemSpacing: { fixed: 6 },
    size: { width: { fractionalWidth: 1 }, height: { absolute: 240 } },
    subitems: [
      { size: { width: { fractionalWidth: 0.6 }, height: { fractionalHeight: 1 } }, supplementaryItems: [badge] },
      {
        axis: 'vertical', count: 2, interItemSpacing: { fixed: 6 },
        size: { width: { fractionalWidth: 0.38 }, height: { fractionalHeight: 1 } }, subitems: [{ size: fill }],
      },
    ],
  },
};
/** Three across, square. */
const grid = {
  interGroupSpacing: 6, contentInsets: { top: 6, leading: 8, bottom: 14, trailing: 8 },
  boundarySupplementaryItems: [header],
  group: {
    axis: 'horizontal', count: 3, interItemSpacing: { fixed: 6 },
    size: { width: { fractionalWidth: 1 }, height: { fractionalWidth: 0.32 } }, subitems: [{ size: fill }],
  },
};
const topics = ['Nearby', 'Friends', 'Travel', 'Food', 'Music', 'Sport', 'Design', 'Science'];
const feedRandom = seeded(7);
let nextStory = 1;
const story = () => ({ n: nextStory++, topic: topics[Math.floor(feedRandom() * topics.length)] });
/** Each section's title and stories, in the session's order. */
const sections = Array.from({ length: SECTION_COUNT }, (_, s) => ({
  title: s % 2 === 0 ? `Highlights ${s / 2 + 1}` : `More stories ${(s + 1) / 2}`,
  hero: s % 2 === 0,
  stories: Array.from({ length: s % 2 === 0 ? 3 : 6 + Math.floor(feedRandom() * 10) }, story),
}));
const sectionBody = (section) => (section.hero ? { itemCount: section.stories.length, layout: hero } : { itemCount: section.stories.length });

const feedView = $('feed');
feedView.renderElement = (element) => {
  const [s, i] = element.indexPath;
  const section = sections[s];
  const node = document.createElement('div');
  if (element.category === 'supplementary' && element.kind === 'header') {
    node.className = 'section-header';
    node.textContent = section.title;
  } else if (element.category === 'supplementary' && element.kind === 'badge') {
    node.className = 'badge';
    node.textContent = 'new';
  } else {
    const item = section.stories[i];
    node.className = 'story';
    const h = hue(item.n * 3);
    node.style.background = `linear-gradient(160deg, hsl(${h} 45% 50%), hsl(${(h + 30) % 360} 45% 30%))`;
    const title = document.createElement('strong');
    title.textContent = `Story ${item.n}`;
    const topic = document.createElement('span');
    topic.textContent = item.topic;
    node.append(title, topic);
  }
  return node;
};

function showFeedStatus() {
  const stories = sections.reduce((n, s) => n + s.stories.length, 0);
  $('feed-status').textContent = `${sections.length} sections, ${stories} stories, session ${feedView.sessionId?.slice(0, 8)}…`;
}

$('feed-insert').addEventListener('click', async () => {
  const section = sections[0];
  section.stories.unshift(story());
  await feedView.performBatchUpdates([{ op: 'insertItems', indexPaths: [[0, 0]] }]);
  showFeedStatus();
});
$('feed-jump').addEventListener('click', () => feedView.scrollToItem([150, 0], 'top', { kind: 'header', animated: true }));

// MARK: Sessions

const failed = (id) => (error) => {
  $(id).textContent = `failed: ${error.message ?? error}`;
};
for (const [view, statusId] of [[photosView, 'photos-status'], [feedView, 'feed-status']]) {
  view.addEventListener('tessera-error', (event) => failed(statusId)(event.detail));
}

/** Both views, once their first screens are placed (the browser test waits for it). */
window.demo = {
  photos: photosView,
  feed: feedView,
  ready: Promise.all([
    photosView.open({
      body: { layout: justified(rowHeight), dataSource: { sections: [{ items: photos.map((p) => p.ratio) }] } },
    }).then(showPhotosStatus, failed('photos-status')),
    feedView.open({
      body: {
        layout: { type: 'compositional', interSectionSpacing: 0, section: grid },
        dataSource: { sections: sections.map(sectionBody) },
      },
    }).then(showFeedStatus, failed('feed-status')),
  ]),
};
