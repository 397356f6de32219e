// src/view/direction.ts
function mirrored(r, width) {
  return width === null ? r : { x: width - r.x - r.width, y: r.y, width: r.width, height: r.height };
}
function flippedOffsetX(x, width, viewWidth) {
  return width === null ? x : Math.max(0, width - x - viewWidth);
}
function layoutRect(scroll, view, width) {
  return { x: flippedOffsetX(scroll.left, width, view.width), y: scroll.top, width: view.width, height: view.height };
}

// src/view/element.ts
function elementKey(category, kind, indexPath) {
  return `${category}|${kind ?? ""}|${indexPath[0]},${indexPath[1]}`;
}
var keyOf = (e) => elementKey(e.category, e.kind, e.indexPath);
function planEnd(entry, end, shift, mirrorWidth = null) {
  const side = entry[end];
  const a = side.attributes;
  const frame = a.frame ?? { x: 0, y: 0, width: 0, height: 0 };
  const element = {
    category: entry.category,
    indexPath: side.indexPath,
    frame: { x: frame.x + shift.x, y: frame.y + shift.y, width: frame.width, height: frame.height },
    zIndex: a.zIndex ?? 0,
    alpha: a.alpha ?? 1
  };
  if (mirrorWidth !== null)
    element.visualFrame = mirrored(element.frame, mirrorWidth);
  if (entry.kind !== void 0)
    element.kind = entry.kind;
  if (a.transform3D)
    element.transform3D = a.transform3D;
  if (a.hidden)
    element.hidden = true;
  if (a.extras)
    element.extras = a.extras;
  return element;
}
function cssTransform(e) {
  const f = e.visualFrame ?? e.frame;
  const base = `translate(${f.x}px, ${f.y}px)`;
  return e.transform3D ? `${base} matrix3d(${e.transform3D.join(",")})` : base;
}
var cssZIndex = (z) => String(Math.max(-2147483647, Math.min(2147483647, Math.round(z))));

// src/view/list.ts
var LIST_SEPARATOR_BOTTOM = "list-separator-bottom";
var LIST_SEPARATOR_TOP = "list-separator-top";
var LIST_BACKGROUND = "list-background";
var LIST_CORNER_RADIUS = 10;
function listShape(e) {
  if (e.category !== "decoration")
    return null;
  if (e.kind === LIST_SEPARATOR_BOTTOM || e.kind === LIST_SEPARATOR_TOP)
    return "hairline";
  return e.kind === LIST_BACKGROUND ? "group" : null;
}
function listStyle(shape) {
  if (shape === "hairline")
    return { border: "none", padding: "0", background: "rgba(60, 60, 67, 0.29)" };
  return { border: "none", background: "rgba(120, 120, 128, 0.12)", borderRadius: `${LIST_CORNER_RADIUS}px` };
}
function listGroups(elements) {
  const groups = /* @__PURE__ */ new Map();
  for (const e of elements) {
    if (listShape(e) !== "group" || e.transform3D || e.hidden === true || !(e.alpha > 0))
      continue;
    const section = e.indexPath[0] ?? 0;
    if (!groups.has(section))
      groups.set(section, e.visualFrame ?? e.frame);
  }
  return groups;
}
function listClip(e, groups) {
  if (e.category !== "cell" && listShape(e) !== "hairline")
    return "";
  const g = groups.get(e.indexPath[0] ?? 0);
  if (!g)
    return "";
  const f = e.visualFrame ?? e.frame;
  const top = g.y - f.y, left = g.x - f.x;
  const bottom = f.y + f.height - (g.y + g.height), right = f.x + f.width - (g.x + g.width);
  return `inset(${top}px ${right}px ${bottom}px ${left}px round ${LIST_CORNER_RADIUS}px)`;
}

// src/view/stage.ts
var POOL_LIMIT = 256;
var Stage = class {
  constructor(host, render) {
    this.host = host;
    this.render = render;
    /** The placed nodes by element key. */
    this.placed = /* @__PURE__ */ new Map();
    this.pool = [];
  }
  /** Shows exactly `elements`: nodes already placed for the same keys are moved, the others
   *  released, and new ones drawn by the renderer. */
  show(elements) {
    const seen = /* @__PURE__ */ new Set();
    const fresh = [];
    for (const e of elements) {
      const key = keyOf(e);
      if (seen.has(key))
        continue;
      seen.add(key);
      const p = this.placed.get(key);
      if (p) {
        p.element = e;
        write(p, e);
      } else
        fresh.push(e);
    }
    for (const [key, p] of this.placed)
      if (!seen.has(key))
        this.release(p);
    for (const e of fresh)
      this.placed.set(keyOf(e), this.acquire(e));
    this.clipGroups();
  }
  /** Clips the rows and separators of every inset group placed to the group's rounded rect
   *  (list.ts), and unclips every other node. */
  clipGroups() {
    const groups = listGroups(Array.from(this.placed.values(), (p) => p.element));
    for (const p of this.placed.values())
      writeClip(p, listClip(p.element, groups));
  }
  /** A node for `e`, drawn and placed (a reused one when the pool has one). */
  acquire(e) {
    const p = this.pool.pop() ?? create();
    p.key = keyOf(e);
    p.element = e;
    this.draw(p, e);
    write(p, e);
    if (p.node.parentNode !== this.host)
      this.host.appendChild(p.node);
    return p;
  }
  /** Draws `e`'s content into `p` again (a reloaded element). */
  draw(p, e) {
    const d = p.node.dataset;
    d.category = e.category;
    if (e.kind !== void 0)
      d.kind = e.kind;
    else
      delete d.kind;
    p.node.replaceChildren(this.render()(e));
  }
  /** Takes `p` out of the document and off the map, into the pool. */
  release(p) {
    if (this.placed.get(p.key) === p)
      this.placed.delete(p.key);
    p.node.remove();
    for (const a of p.node.getAnimations())
      a.cancel();
    if (this.pool.length < POOL_LIMIT) {
      p.node.replaceChildren();
      this.pool.push(p);
    }
  }
  /** Releases every node. */
  clear() {
    for (const p of [...this.placed.values()])
      this.release(p);
  }
};
function create() {
  const node = document.createElement("div");
  const s = node.style;
  s.position = "absolute";
  s.left = "0";
  s.top = "0";
  s.boxSizing = "border-box";
  s.transformOrigin = "50% 50%";
  const empty = { category: "cell", indexPath: [-1, -1], frame: { x: 0, y: 0, width: 0, height: 0 }, zIndex: 0, alpha: 1 };
  return { node, key: "", element: empty, transform: "", width: -1, height: -1, zIndex: "", opacity: "", hidden: false, clip: "" };
}
function writeClip(p, clip) {
  if (clip !== p.clip)
    p.node.style.clipPath = p.clip = clip;
}
function write(p, e) {
  const s = p.node.style;
  const transform = cssTransform(e);
  if (transform !== p.transform)
    s.transform = p.transform = transform;
  if (e.frame.width !== p.width)
    s.width = `${p.width = e.frame.width}px`;
  if (e.frame.height !== p.height)
    s.height = `${p.height = e.frame.height}px`;
  const z = cssZIndex(e.zIndex);
  if (z !== p.zIndex)
    s.zIndex = p.zIndex = z;
  const opacity = String(e.alpha);
  if (opacity !== p.opacity)
    s.opacity = p.opacity = opacity;
  const hidden = e.hidden === true;
  if (hidden !== p.hidden)
    s.display = (p.hidden = hidden) ? "none" : "";
  const path = `${e.indexPath[0]},${e.indexPath[1]}`;
  if (p.node.dataset.indexPath !== path)
    p.node.dataset.indexPath = path;
}

// src/view/animation.ts
function keyframe(e) {
  return {
    transform: cssTransform(e),
    width: `${e.frame.width}px`,
    height: `${e.frame.height}px`,
    opacity: e.hidden ? 0 : e.alpha
  };
}
function keyframes(from, fromClip, to, toClip) {
  const start = keyframe(from), end = keyframe(to);
  if (fromClip || toClip) {
    start.clipPath = fromClip || "none";
    end.clipPath = toClip || "none";
  }
  return [start, end];
}
async function playPlan(stage, plan, shift, options, mirror = { from: null, to: null }) {
  const before = new Map(stage.placed);
  stage.placed.clear();
  const leaving = [];
  const running = [];
  const ends = plan.map((entry) => ({
    entry,
    from: planEnd(entry, "from", shift, mirror.from),
    to: planEnd(entry, "to", { x: 0, y: 0 }, mirror.to)
  }));
  const fromGroups = listGroups(ends.map((e) => e.from)), toGroups = listGroups(ends.map((e) => e.to));
  for (const { entry, from, to } of ends) {
    const oldKey = elementKey(entry.category, entry.kind, entry.from.indexPath);
    let p = entry.change === "insert" ? void 0 : before.get(oldKey);
    if (p)
      before.delete(oldKey);
    if (!p)
      p = stage.acquire(entry.change === "delete" ? from : to);
    else if (entry.change === "reload")
      stage.draw(p, to);
    p.key = elementKey(to.category, to.kind, to.indexPath);
    p.element = to;
    write(p, to);
    const clip = listClip(to, toGroups);
    writeClip(p, clip);
    if (entry.change === "delete")
      leaving.push(p);
    else {
      const taken = stage.placed.get(p.key);
      if (taken)
        leaving.push(taken);
      stage.placed.set(p.key, p);
    }
    if (options.duration > 0) {
      const animation = p.node.animate(keyframes(from, listClip(from, fromGroups), to, clip), { duration: options.duration, easing: options.easing });
      running.push(animation.finished.catch(() => void 0));
    }
  }
  for (const p of before.values())
    stage.release(p);
  await Promise.all(running);
  for (const p of leaving) {
    p.key = "";
    stage.release(p);
  }
}

// src/view/geometry.ts
var maxX = (r) => r.x + r.width;
var maxY = (r) => r.y + r.height;
function contains(outer, inner) {
  return inner.x >= outer.x && inner.y >= outer.y && maxX(inner) <= maxX(outer) && maxY(inner) <= maxY(outer);
}
function intersects(a, b) {
  return a.x <= maxX(b) && b.x <= maxX(a) && a.y <= maxY(b) && b.y <= maxY(a);
}
function outset(r, left, top, right, bottom) {
  return { x: r.x - left, y: r.y - top, width: Math.max(0, r.width + left + right), height: Math.max(0, r.height + top + bottom) };
}
function clipped(r, size) {
  const x = Math.max(0, r.x), y = Math.max(0, r.y);
  const right = Math.min(Math.max(size.width, 0), maxX(r)), bottom = Math.min(Math.max(size.height, 0), maxY(r));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}
function integral(r) {
  const x = Math.floor(r.x), y = Math.floor(r.y);
  return { x, y, width: Math.ceil(maxX(r)) - x, height: Math.ceil(maxY(r)) - y };
}
var samePoint = (a, b) => a !== null && b !== null && a.x === b.x && a.y === b.y;

// generated/runtime.ts
var BASE_PATH = "http://localhost:8080".replace(/\/+$/, "");
var Configuration = class {
  constructor(configuration = {}) {
    this.configuration = configuration;
  }
  set config(configuration) {
    this.configuration = configuration;
  }
  get basePath() {
    return this.configuration.basePath != null ? this.configuration.basePath : BASE_PATH;
  }
  get fetchApi() {
    return this.configuration.fetchApi;
  }
  get middleware() {
    return this.configuration.middleware || [];
  }
  get queryParamsStringify() {
    return this.configuration.queryParamsStringify || querystring;
  }
  get username() {
    return this.configuration.username;
  }
  get password() {
    return this.configuration.password;
  }
  get apiKey() {
    const apiKey = this.configuration.apiKey;
    if (apiKey) {
      return typeof apiKey === "function" ? apiKey : () => apiKey;
    }
    return void 0;
  }
  get accessToken() {
    const accessToken = this.configuration.accessToken;
    if (accessToken) {
      return typeof accessToken === "function" ? accessToken : async () => accessToken;
    }
    return void 0;
  }
  get headers() {
    return this.configuration.headers;
  }
  get credentials() {
    return this.configuration.credentials;
  }
};
var DefaultConfig = new Configuration();
var _BaseAPI = class {
  constructor(configuration = DefaultConfig) {
    this.configuration = configuration;
    this.fetchApi = async (url, init) => {
      let fetchParams = { url, init };
      for (const middleware of this.middleware) {
        if (middleware.pre) {
          fetchParams = await middleware.pre({
            fetch: this.fetchApi,
            ...fetchParams
          }) || fetchParams;
        }
      }
      let response = void 0;
      try {
        response = await (this.configuration.fetchApi || fetch)(fetchParams.url, fetchParams.init);
      } catch (e) {
        for (const middleware of this.middleware) {
          if (middleware.onError) {
            response = await middleware.onError({
              fetch: this.fetchApi,
              url: fetchParams.url,
              init: fetchParams.init,
              error: e,
              response: response ? response.clone() : void 0
            }) || response;
          }
        }
        if (response === void 0) {
          if (e instanceof Error) {
            throw new FetchError(e, "The request failed and the interceptors did not return an alternative response");
          } else {
            throw e;
          }
        }
      }
      for (const middleware of this.middleware) {
        if (middleware.post) {
          response = await middleware.post({
            fetch: this.fetchApi,
            url: fetchParams.url,
            init: fetchParams.init,
            response: response.clone()
          }) || response;
        }
      }
      return response;
    };
    this.middleware = configuration.middleware;
  }
  withMiddleware(...middlewares) {
    const next = this.clone();
    next.middleware = next.middleware.concat(...middlewares);
    return next;
  }
  withPreMiddleware(...preMiddlewares) {
    const middlewares = preMiddlewares.map((pre) => ({ pre }));
    return this.withMiddleware(...middlewares);
  }
  withPostMiddleware(...postMiddlewares) {
    const middlewares = postMiddlewares.map((post) => ({ post }));
    return this.withMiddleware(...middlewares);
  }
  /**
   * Check if the given MIME is a JSON MIME.
   * JSON MIME examples:
   *   application/json
   *   application/json; charset=UTF8
   *   APPLICATION/JSON
   *   application/vnd.company+json
   * @param mime - MIME (Multipurpose Internet Mail Extensions)
   * @return True if the given MIME is JSON, false otherwise.
   */
  isJsonMime(mime) {
    if (!mime) {
      return false;
    }
    return _BaseAPI.jsonRegex.test(mime);
  }
  async request(context, initOverrides) {
    const { url, init } = await this.createFetchParams(context, initOverrides);
    const response = await this.fetchApi(url, init);
    if (response && (response.status >= 200 && response.status < 300)) {
      return response;
    }
    throw new ResponseError(response, "Response returned an error code");
  }
  async createFetchParams(context, initOverrides) {
    let url = this.configuration.basePath + context.path;
    if (context.query !== void 0 && Object.keys(context.query).length !== 0) {
      url += "?" + this.configuration.queryParamsStringify(context.query);
    }
    const headers = Object.assign({}, this.configuration.headers, context.headers);
    Object.keys(headers).forEach((key) => headers[key] === void 0 ? delete headers[key] : {});
    const initOverrideFn = typeof initOverrides === "function" ? initOverrides : async () => initOverrides;
    const initParams = {
      method: context.method,
      headers,
      body: context.body,
      credentials: this.configuration.credentials
    };
    const overriddenInit = {
      ...initParams,
      ...await initOverrideFn({
        init: initParams,
        context
      })
    };
    let body;
    if (isFormData(overriddenInit.body) || overriddenInit.body instanceof URLSearchParams || isBlob(overriddenInit.body)) {
      body = overriddenInit.body;
    } else if (this.isJsonMime(headers["Content-Type"])) {
      body = JSON.stringify(overriddenInit.body);
    } else {
      body = overriddenInit.body;
    }
    const init = {
      ...overriddenInit,
      body
    };
    return { url, init };
  }
  /**
   * Create a shallow clone of `this` by constructing a new instance
   * and then shallow cloning data members.
   */
  clone() {
    const constructor = this.constructor;
    const next = new constructor(this.configuration);
    next.middleware = this.middleware.slice();
    return next;
  }
};
var BaseAPI = _BaseAPI;
BaseAPI.jsonRegex = /^(:?application\/json|[^;/ \t]+\/[^;/ \t]+[+]json)[ \t]*(:?;.*)?$/i;
function isBlob(value) {
  return typeof Blob !== "undefined" && value instanceof Blob;
}
function isFormData(value) {
  return typeof FormData !== "undefined" && value instanceof FormData;
}
var ResponseError = class extends Error {
  constructor(response, msg) {
    super(msg);
    this.response = response;
    this.name = "ResponseError";
    const actualProto = new.target.prototype;
    if (Object.setPrototypeOf) {
      Object.setPrototypeOf(this, actualProto);
    }
  }
};
var FetchError = class extends Error {
  constructor(cause, msg) {
    super(msg);
    this.cause = cause;
    this.name = "FetchError";
    const actualProto = new.target.prototype;
    if (Object.setPrototypeOf) {
      Object.setPrototypeOf(this, actualProto);
    }
  }
};
var RequiredError = class extends Error {
  constructor(field, msg) {
    super(msg);
    this.field = field;
    this.name = "RequiredError";
    const actualProto = new.target.prototype;
    if (Object.setPrototypeOf) {
      Object.setPrototypeOf(this, actualProto);
    }
  }
};
function querystring(params, prefix = "") {
  return Object.keys(params).map((key) => querystringSingleKey(key, params[key], prefix)).filter((part) => part.length > 0).join("&");
}
function querystringSingleKey(key, value, keyPrefix = "") {
  const fullKey = keyPrefix + (keyPrefix.length ? `[${key}]` : key);
  if (value instanceof Array) {
    const multiValue = value.map((singleValue) => encodeURIComponent(String(singleValue))).join(`&${encodeURIComponent(fullKey)}=`);
    return `${encodeURIComponent(fullKey)}=${multiValue}`;
  }
  if (value instanceof Set) {
    const valueAsArray = Array.from(value);
    return querystringSingleKey(key, valueAsArray, keyPrefix);
  }
  if (value instanceof Date) {
    return `${encodeURIComponent(fullKey)}=${encodeURIComponent(serializeDateTime(value))}`;
  }
  if (value instanceof Object) {
    return querystring(value, fullKey);
  }
  return `${encodeURIComponent(fullKey)}=${encodeURIComponent(String(value))}`;
}
function serializeDateTime(value) {
  return value.toISOString();
}
var JSONApiResponse = class {
  constructor(raw, transformer = (jsonValue) => jsonValue) {
    this.raw = raw;
    this.transformer = transformer;
  }
  async value() {
    return this.transformer(await this.raw.json());
  }
};
var VoidApiResponse = class {
  constructor(raw) {
    this.raw = raw;
  }
  async value() {
    return void 0;
  }
};
var TextApiResponse = class {
  constructor(raw) {
    this.raw = raw;
  }
  async value() {
    return await this.raw.text();
  }
};

// generated/apis/ElementsApi.ts
var ElementsApi = class extends BaseAPI {
  /**
   * Creates request options for getDecorationView without sending the request
   */
  async getDecorationViewRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling getDecorationView().'
      );
    }
    if (requestParameters["kind"] == null) {
      throw new RequiredError(
        "kind",
        'Required parameter "kind" was null or undefined when calling getDecorationView().'
      );
    }
    if (requestParameters["section"] == null) {
      throw new RequiredError(
        "section",
        'Required parameter "section" was null or undefined when calling getDecorationView().'
      );
    }
    if (requestParameters["item"] == null) {
      throw new RequiredError(
        "item",
        'Required parameter "item" was null or undefined when calling getDecorationView().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    let urlPath = `/v1/sessions/{id}/decorations/{kind}/{section}/{item}`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    urlPath = urlPath.replace("{kind}", encodeURIComponent(String(requestParameters["kind"])));
    urlPath = urlPath.replace("{section}", encodeURIComponent(String(requestParameters["section"])));
    urlPath = urlPath.replace("{item}", encodeURIComponent(String(requestParameters["item"])));
    return {
      path: urlPath,
      method: "GET",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * layoutAttributesForDecorationViewOfKind:atIndexPath: the decoration view of `kind` (`reflection` in the cover flow, `background` in the circle layout, ...) at `[section, item]`; 404 when the layout has none there. `ETag` carries the session\'s version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/decorations/background/0/0 ``` 
   * One decoration view\'s attributes
   */
  async getDecorationViewRaw(requestParameters, initOverrides) {
    const requestOptions = await this.getDecorationViewRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * layoutAttributesForDecorationViewOfKind:atIndexPath: the decoration view of `kind` (`reflection` in the cover flow, `background` in the circle layout, ...) at `[section, item]`; 404 when the layout has none there. `ETag` carries the session\'s version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/decorations/background/0/0 ``` 
   * One decoration view\'s attributes
   */
  async getDecorationView(requestParameters, initOverrides) {
    const response = await this.getDecorationViewRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for getItem without sending the request
   */
  async getItemRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling getItem().'
      );
    }
    if (requestParameters["section"] == null) {
      throw new RequiredError(
        "section",
        'Required parameter "section" was null or undefined when calling getItem().'
      );
    }
    if (requestParameters["item"] == null) {
      throw new RequiredError(
        "item",
        'Required parameter "item" was null or undefined when calling getItem().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    let urlPath = `/v1/sessions/{id}/items/{section}/{item}`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    urlPath = urlPath.replace("{section}", encodeURIComponent(String(requestParameters["section"])));
    urlPath = urlPath.replace("{item}", encodeURIComponent(String(requestParameters["item"])));
    return {
      path: urlPath,
      method: "GET",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * The attributes of the cell at `[section, item]`; 404 when there is no such item. `ETag` carries the session\'s version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/items/1/1 ``` 
   * One cell\'s attributes (layoutAttributesForItemAtIndexPath)
   */
  async getItemRaw(requestParameters, initOverrides) {
    const requestOptions = await this.getItemRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * The attributes of the cell at `[section, item]`; 404 when there is no such item. `ETag` carries the session\'s version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/items/1/1 ``` 
   * One cell\'s attributes (layoutAttributesForItemAtIndexPath)
   */
  async getItem(requestParameters, initOverrides) {
    const response = await this.getItemRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for getSupplementaryView without sending the request
   */
  async getSupplementaryViewRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling getSupplementaryView().'
      );
    }
    if (requestParameters["kind"] == null) {
      throw new RequiredError(
        "kind",
        'Required parameter "kind" was null or undefined when calling getSupplementaryView().'
      );
    }
    if (requestParameters["section"] == null) {
      throw new RequiredError(
        "section",
        'Required parameter "section" was null or undefined when calling getSupplementaryView().'
      );
    }
    if (requestParameters["item"] == null) {
      throw new RequiredError(
        "item",
        'Required parameter "item" was null or undefined when calling getSupplementaryView().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    let urlPath = `/v1/sessions/{id}/supplementary/{kind}/{section}/{item}`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    urlPath = urlPath.replace("{kind}", encodeURIComponent(String(requestParameters["kind"])));
    urlPath = urlPath.replace("{section}", encodeURIComponent(String(requestParameters["section"])));
    urlPath = urlPath.replace("{item}", encodeURIComponent(String(requestParameters["item"])));
    return {
      path: urlPath,
      method: "GET",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * layoutAttributesForSupplementaryViewOfKind:atIndexPath: the supplementary view of `kind` (`header`, `footer`, `connector`, ...) at `[section, item]`; 404 when the layout has none there (e.g. a flow header whose reference height is 0). A section\'s header and footer are at item 0. `ETag` carries the session\'s version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/supplementary/header/1/0 ``` 
   * One supplementary view\'s attributes
   */
  async getSupplementaryViewRaw(requestParameters, initOverrides) {
    const requestOptions = await this.getSupplementaryViewRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * layoutAttributesForSupplementaryViewOfKind:atIndexPath: the supplementary view of `kind` (`header`, `footer`, `connector`, ...) at `[section, item]`; 404 when the layout has none there (e.g. a flow header whose reference height is 0). A section\'s header and footer are at item 0. `ETag` carries the session\'s version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/supplementary/header/1/0 ``` 
   * One supplementary view\'s attributes
   */
  async getSupplementaryView(requestParameters, initOverrides) {
    const response = await this.getSupplementaryViewRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for listElements without sending the request
   */
  async listElementsRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling listElements().'
      );
    }
    const queryParameters = {};
    if (requestParameters["rect"] != null) {
      queryParameters["rect"] = requestParameters["rect"];
    }
    if (requestParameters["progress"] != null) {
      queryParameters["progress"] = requestParameters["progress"];
    }
    const headerParameters = {};
    let urlPath = `/v1/sessions/{id}/elements`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "GET",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * The attributes of every element whose frame intersects `rect` (closed rectangles: shared edges count), cells first, then supplementary views, then decoration views; every element when `rect` is left out. Pinned headers and transforms reflect the session\'s current `contentOffset`. `ETag` carries the version the reply describes.  ```sh curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/elements?rect=0,0,390,200\' ```  During an interactive transition (`POST .../transition`), `progress` (0 to 1) answers the attributes interpolated between the current layout (0) and the target layout (1), and the interpolated content size; without `progress`, the current layout\'s. `progress` outside a transition is a 400.  ```sh curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/elements?rect=0,0,390,100&progress=0.5\' ```  `rect` and `progress` are the only query parameters; any other is a 400 naming it. A query that would list more elements than one reply carries (250,000 by default), with or without `rect`, is a 400 naming `rect`: the query stops there. 
   * Elements in a rect (layoutAttributesForElementsInRect)
   */
  async listElementsRaw(requestParameters, initOverrides) {
    const requestOptions = await this.listElementsRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * The attributes of every element whose frame intersects `rect` (closed rectangles: shared edges count), cells first, then supplementary views, then decoration views; every element when `rect` is left out. Pinned headers and transforms reflect the session\'s current `contentOffset`. `ETag` carries the version the reply describes.  ```sh curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/elements?rect=0,0,390,200\' ```  During an interactive transition (`POST .../transition`), `progress` (0 to 1) answers the attributes interpolated between the current layout (0) and the target layout (1), and the interpolated content size; without `progress`, the current layout\'s. `progress` outside a transition is a 400.  ```sh curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/elements?rect=0,0,390,100&progress=0.5\' ```  `rect` and `progress` are the only query parameters; any other is a 400 naming it. A query that would list more elements than one reply carries (250,000 by default), with or without `rect`, is a 400 naming `rect`: the query stops there. 
   * Elements in a rect (layoutAttributesForElementsInRect)
   */
  async listElements(requestParameters, initOverrides) {
    const response = await this.listElementsRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for renderSession without sending the request
   */
  async renderSessionRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling renderSession().'
      );
    }
    const queryParameters = {};
    if (requestParameters["rect"] != null) {
      queryParameters["rect"] = requestParameters["rect"];
    }
    if (requestParameters["progress"] != null) {
      queryParameters["progress"] = requestParameters["progress"];
    }
    if (requestParameters["labels"] != null) {
      queryParameters["labels"] = requestParameters["labels"];
    }
    if (requestParameters["scale"] != null) {
      queryParameters["scale"] = requestParameters["scale"];
    }
    if (requestParameters["theme"] != null) {
      queryParameters["theme"] = requestParameters["theme"];
    }
    const headerParameters = {};
    let urlPath = `/v1/sessions/{id}/render.svg`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "GET",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * The `elements` answer for the same `rect` and `progress`, drawn: every element that is not hidden, in zIndex order (ties keep the layout\'s order), with its alpha and its 3D transform projected as Core Animation shows it (about the frame\'s centre, perspective from m34). Cells, each supplementary kind and each decoration kind have their own colours; labels name index paths (`0,3`, or `header 0,3` when that fits). The content area is outlined, the view\'s bounds at its content offset dotted and the requested rect dashed; the picture is framed to `rect`, or to everything drawn when there is no `rect`. Same session version and query, same bytes.  ```sh curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/render.svg?rect=0,0,390,844&scale=2\' > page.svg ```  A picture with more elements than one reply carries (250,000 by default) is a 400 naming `rect`, with or without a `rect`. Any query parameter not listed here is a 400 naming it. 
   * The elements in a rect, drawn as an SVG picture
   */
  async renderSessionRaw(requestParameters, initOverrides) {
    const requestOptions = await this.renderSessionRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    if (this.isJsonMime(response.headers.get("content-type"))) {
      return new JSONApiResponse(response);
    } else {
      return new TextApiResponse(response);
    }
  }
  /**
   * The `elements` answer for the same `rect` and `progress`, drawn: every element that is not hidden, in zIndex order (ties keep the layout\'s order), with its alpha and its 3D transform projected as Core Animation shows it (about the frame\'s centre, perspective from m34). Cells, each supplementary kind and each decoration kind have their own colours; labels name index paths (`0,3`, or `header 0,3` when that fits). The content area is outlined, the view\'s bounds at its content offset dotted and the requested rect dashed; the picture is framed to `rect`, or to everything drawn when there is no `rect`. Same session version and query, same bytes.  ```sh curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/render.svg?rect=0,0,390,844&scale=2\' > page.svg ```  A picture with more elements than one reply carries (250,000 by default) is a 400 naming `rect`, with or without a `rect`. Any query parameter not listed here is a 400 naming it. 
   * The elements in a rect, drawn as an SVG picture
   */
  async renderSession(requestParameters, initOverrides) {
    const response = await this.renderSessionRaw(requestParameters, initOverrides);
    return await response.value();
  }
};

// generated/apis/InteractionApi.ts
var InteractionApi = class extends BaseAPI {
  /**
   * Creates request options for interactiveMovement without sending the request
   */
  async interactiveMovementRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling interactiveMovement().'
      );
    }
    if (requestParameters["interactiveMovementRequest"] == null) {
      throw new RequiredError(
        "interactiveMovementRequest",
        'Required parameter "interactiveMovementRequest" was null or undefined when calling interactiveMovement().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    if (requestParameters["ifMatch"] != null) {
      headerParameters["If-Match"] = String(requestParameters["ifMatch"]);
    }
    let urlPath = `/v1/sessions/{id}/interactive-movement`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "POST",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["interactiveMovementRequest"]
    };
  }
  /**
   * iOS 9 reordering, one phase per request:  * `begin` with the `indexPath` of the item to move (404 naming `indexPath` when   there is no such item; 409 while a transition or another movement is under   way); * `update` with the finger\'s `position` (content coordinates): the target index   path becomes the item under it in the tentative layout   (targetIndexPathForInteractivelyMovingItem), or stays when it is over no cell,   and the other items take their tentative places; * `end`: the move from the item\'s original index path to the target is applied as   a batch update, and the answer is its animation plan (as `POST .../updates`); * `cancel`: nothing changes.  `begin`, `update` and `cancel` answer `moving` and the `contentSize` of the tentative layout; while moving, also `targetIndexPath` and `movingItem`, the moving item\'s attributes centred on the position, above everything else (zIndex 2147483647); and with `rect`, the `elements` in it as they stand, the moving item included. Every phase makes a new version (`ETag`); `update`, `end` and `cancel` are a 409 when no movement is in progress. While a movement is under way, other changes to the data or the layout are a 409.  ```sh S=http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/interactive-movement curl -s $S -H \'Content-Type: application/json\' -d \'{\"phase\": \"begin\", \"indexPath\": [0, 0]}\' curl -s $S -H \'Content-Type: application/json\' -d \'{\"phase\": \"update\", \"position\": {\"x\": 200, \"y\": 100}, \"rect\": [0, 0, 390, 150]}\' curl -s $S -H \'Content-Type: application/json\' -d \'{\"phase\": \"end\", \"rect\": [0, 50, 390, 50]}\' ``` 
   * Reorder an item interactively (beginInteractiveMovementForItemAtIndexPath, ...)
   */
  async interactiveMovementRaw(requestParameters, initOverrides) {
    const requestOptions = await this.interactiveMovementRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * iOS 9 reordering, one phase per request:  * `begin` with the `indexPath` of the item to move (404 naming `indexPath` when   there is no such item; 409 while a transition or another movement is under   way); * `update` with the finger\'s `position` (content coordinates): the target index   path becomes the item under it in the tentative layout   (targetIndexPathForInteractivelyMovingItem), or stays when it is over no cell,   and the other items take their tentative places; * `end`: the move from the item\'s original index path to the target is applied as   a batch update, and the answer is its animation plan (as `POST .../updates`); * `cancel`: nothing changes.  `begin`, `update` and `cancel` answer `moving` and the `contentSize` of the tentative layout; while moving, also `targetIndexPath` and `movingItem`, the moving item\'s attributes centred on the position, above everything else (zIndex 2147483647); and with `rect`, the `elements` in it as they stand, the moving item included. Every phase makes a new version (`ETag`); `update`, `end` and `cancel` are a 409 when no movement is in progress. While a movement is under way, other changes to the data or the layout are a 409.  ```sh S=http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/interactive-movement curl -s $S -H \'Content-Type: application/json\' -d \'{\"phase\": \"begin\", \"indexPath\": [0, 0]}\' curl -s $S -H \'Content-Type: application/json\' -d \'{\"phase\": \"update\", \"position\": {\"x\": 200, \"y\": 100}, \"rect\": [0, 0, 390, 150]}\' curl -s $S -H \'Content-Type: application/json\' -d \'{\"phase\": \"end\", \"rect\": [0, 50, 390, 50]}\' ``` 
   * Reorder an item interactively (beginInteractiveMovementForItemAtIndexPath, ...)
   */
  async interactiveMovement(requestParameters, initOverrides) {
    const response = await this.interactiveMovementRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for scrollToItem without sending the request
   */
  async scrollToItemRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling scrollToItem().'
      );
    }
    if (requestParameters["scrollToItemRequest"] == null) {
      throw new RequiredError(
        "scrollToItemRequest",
        'Required parameter "scrollToItemRequest" was null or undefined when calling scrollToItem().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    if (requestParameters["ifMatch"] != null) {
      headerParameters["If-Match"] = String(requestParameters["ifMatch"]);
    }
    let urlPath = `/v1/sessions/{id}/scroll-to-item`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "POST",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["scrollToItemRequest"]
    };
  }
  /**
   * The content offset UICollectionView\'s `scrollToItem(at:at:animated:)` would scroll to, for a cell or (with `kind`) a supplementary view: the element\'s frame placed in the visible area (the bounds less `contentInset`) as `position` says, then clamped to the scrollable range (`-contentInset` to `contentSize + contentInset - bounds`) as the scroll view clamps it ([docs/api.md](docs/api.md#scrolling-to-an-item)). Changes nothing unless `apply` is true; then the offset becomes the view\'s `contentOffset` (a new version, as `PATCH …/view` would make; the same version when the view is already there).  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/scroll-to-item \\   -H \'Content-Type: application/json\' \\   -d \'{\"indexPath\": [0, 40], \"position\": \"centeredVertically\"}\' ``` 
   * The offset scrollToItem(at:at:animated:) scrolls to
   */
  async scrollToItemRaw(requestParameters, initOverrides) {
    const requestOptions = await this.scrollToItemRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * The content offset UICollectionView\'s `scrollToItem(at:at:animated:)` would scroll to, for a cell or (with `kind`) a supplementary view: the element\'s frame placed in the visible area (the bounds less `contentInset`) as `position` says, then clamped to the scrollable range (`-contentInset` to `contentSize + contentInset - bounds`) as the scroll view clamps it ([docs/api.md](docs/api.md#scrolling-to-an-item)). Changes nothing unless `apply` is true; then the offset becomes the view\'s `contentOffset` (a new version, as `PATCH …/view` would make; the same version when the view is already there).  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/scroll-to-item \\   -H \'Content-Type: application/json\' \\   -d \'{\"indexPath\": [0, 40], \"position\": \"centeredVertically\"}\' ``` 
   * The offset scrollToItem(at:at:animated:) scrolls to
   */
  async scrollToItem(requestParameters, initOverrides) {
    const response = await this.scrollToItemRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for targetContentOffset without sending the request
   */
  async targetContentOffsetRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling targetContentOffset().'
      );
    }
    if (requestParameters["targetContentOffsetRequest"] == null) {
      throw new RequiredError(
        "targetContentOffsetRequest",
        'Required parameter "targetContentOffsetRequest" was null or undefined when calling targetContentOffset().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    let urlPath = `/v1/sessions/{id}/target-content-offset`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "POST",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["targetContentOffsetRequest"]
    };
  }
  /**
   * targetContentOffsetForProposedContentOffset:withScrollingVelocity: the content offset at which a scroll that would end at `proposedContentOffset` (with `velocity`, default 0) comes to rest. Layouts that snap answer the snapped offset (the line layout centres the nearest cell; the cover flow the nearest item); the others answer the proposed offset clamped to the scrollable range (`-contentInset` to `contentSize + contentInset - bounds`), where a scroll view would settle. Changes nothing: `version` (and `ETag`) is the session\'s current one.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/target-content-offset \\   -H \'Content-Type: application/json\' \\   -d \'{\"proposedContentOffset\": {\"x\": 320, \"y\": 0}, \"velocity\": {\"x\": 1.5, \"y\": 0}}\' ``` 
   * Where scrolling comes to rest (targetContentOffsetForProposedContentOffset)
   */
  async targetContentOffsetRaw(requestParameters, initOverrides) {
    const requestOptions = await this.targetContentOffsetRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * targetContentOffsetForProposedContentOffset:withScrollingVelocity: the content offset at which a scroll that would end at `proposedContentOffset` (with `velocity`, default 0) comes to rest. Layouts that snap answer the snapped offset (the line layout centres the nearest cell; the cover flow the nearest item); the others answer the proposed offset clamped to the scrollable range (`-contentInset` to `contentSize + contentInset - bounds`), where a scroll view would settle. Changes nothing: `version` (and `ETag`) is the session\'s current one.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/target-content-offset \\   -H \'Content-Type: application/json\' \\   -d \'{\"proposedContentOffset\": {\"x\": 320, \"y\": 0}, \"velocity\": {\"x\": 1.5, \"y\": 0}}\' ``` 
   * Where scrolling comes to rest (targetContentOffsetForProposedContentOffset)
   */
  async targetContentOffset(requestParameters, initOverrides) {
    const response = await this.targetContentOffsetRaw(requestParameters, initOverrides);
    return await response.value();
  }
};

// generated/apis/LayoutApi.ts
var LayoutApi = class extends BaseAPI {
  /**
   * Creates request options for computeLayout without sending the request
   */
  async computeLayoutRequestOpts(requestParameters) {
    if (requestParameters["oneShotLayoutRequest"] == null) {
      throw new RequiredError(
        "oneShotLayoutRequest",
        'Required parameter "oneShotLayoutRequest" was null or undefined when calling computeLayout().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    let urlPath = `/v1/layout`;
    return {
      path: urlPath,
      method: "POST",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["oneShotLayoutRequest"]
    };
  }
  /**
   * Lays out the collection view described by the body and answers its content size, the layout\'s `info` and its elements: all of them, or only those whose frame intersects `rect` (closed rectangles: shared edges count). Elements come cells first, then supplementary views, then decoration views. Nothing is kept on the server.  ```sh curl -s http://localhost:8080/v1/layout \\   -H \'Content-Type: application/json\' \\   -d \'{\"layout\": {\"type\": \"flow\", \"itemSize\": {\"width\": 100, \"height\": 100},                   \"headerReferenceSize\": {\"width\": 0, \"height\": 44}},        \"dataSource\": {\"sections\": [{\"itemCount\": 5}]},        \"view\": {\"bounds\": {\"width\": 390, \"height\": 844}, \"scale\": 3},        \"rect\": [0, 0, 390, 100]}\' ```  A reply that would list more elements than one reply carries (250,000 by default), with or without `rect`, is a 400 naming `rect`. 
   * Lay out a collection view once
   */
  async computeLayoutRaw(requestParameters, initOverrides) {
    const requestOptions = await this.computeLayoutRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * Lays out the collection view described by the body and answers its content size, the layout\'s `info` and its elements: all of them, or only those whose frame intersects `rect` (closed rectangles: shared edges count). Elements come cells first, then supplementary views, then decoration views. Nothing is kept on the server.  ```sh curl -s http://localhost:8080/v1/layout \\   -H \'Content-Type: application/json\' \\   -d \'{\"layout\": {\"type\": \"flow\", \"itemSize\": {\"width\": 100, \"height\": 100},                   \"headerReferenceSize\": {\"width\": 0, \"height\": 44}},        \"dataSource\": {\"sections\": [{\"itemCount\": 5}]},        \"view\": {\"bounds\": {\"width\": 390, \"height\": 844}, \"scale\": 3},        \"rect\": [0, 0, 390, 100]}\' ```  A reply that would list more elements than one reply carries (250,000 by default), with or without `rect`, is a 400 naming `rect`. 
   * Lay out a collection view once
   */
  async computeLayout(requestParameters, initOverrides) {
    const response = await this.computeLayoutRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for renderLayout without sending the request
   */
  async renderLayoutRequestOpts(requestParameters) {
    if (requestParameters["oneShotLayoutRequest"] == null) {
      throw new RequiredError(
        "oneShotLayoutRequest",
        'Required parameter "oneShotLayoutRequest" was null or undefined when calling renderLayout().'
      );
    }
    const queryParameters = {};
    if (requestParameters["labels"] != null) {
      queryParameters["labels"] = requestParameters["labels"];
    }
    if (requestParameters["scale"] != null) {
      queryParameters["scale"] = requestParameters["scale"];
    }
    if (requestParameters["theme"] != null) {
      queryParameters["theme"] = requestParameters["theme"];
    }
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    let urlPath = `/v1/render`;
    return {
      path: urlPath,
      method: "POST",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["oneShotLayoutRequest"]
    };
  }
  /**
   * The body of `POST /v1/layout` (layout, dataSource, view and an optional `rect`), laid out and drawn as `GET /v1/sessions/{id}/render.svg` draws a session; nothing is kept. The picture options are query parameters.  ```sh curl -s \'http://localhost:8080/v1/render?theme=dark\' \\   -H \'Content-Type: application/json\' \\   -d \'{\"layout\": {\"type\": \"coverFlow\", \"reflection\": true},        \"dataSource\": {\"sections\": [{\"itemCount\": 7}]},        \"view\": {\"bounds\": [390, 300], \"contentOffset\": {\"x\": 50, \"y\": 0}},        \"rect\": [0, 0, 390, 300]}\' > coverflow.svg ```  A picture with more elements than one reply carries (250,000 by default) is a 400 naming `rect`. 
   * Lay out a collection view once and draw it as an SVG picture
   */
  async renderLayoutRaw(requestParameters, initOverrides) {
    const requestOptions = await this.renderLayoutRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    if (this.isJsonMime(response.headers.get("content-type"))) {
      return new JSONApiResponse(response);
    } else {
      return new TextApiResponse(response);
    }
  }
  /**
   * The body of `POST /v1/layout` (layout, dataSource, view and an optional `rect`), laid out and drawn as `GET /v1/sessions/{id}/render.svg` draws a session; nothing is kept. The picture options are query parameters.  ```sh curl -s \'http://localhost:8080/v1/render?theme=dark\' \\   -H \'Content-Type: application/json\' \\   -d \'{\"layout\": {\"type\": \"coverFlow\", \"reflection\": true},        \"dataSource\": {\"sections\": [{\"itemCount\": 7}]},        \"view\": {\"bounds\": [390, 300], \"contentOffset\": {\"x\": 50, \"y\": 0}},        \"rect\": [0, 0, 390, 300]}\' > coverflow.svg ```  A picture with more elements than one reply carries (250,000 by default) is a 400 naming `rect`. 
   * Lay out a collection view once and draw it as an SVG picture
   */
  async renderLayout(requestParameters, initOverrides) {
    const response = await this.renderLayoutRaw(requestParameters, initOverrides);
    return await response.value();
  }
};

// generated/apis/LayoutsApi.ts
var LayoutsApi = class extends BaseAPI {
  /**
   * Creates request options for beginTransition without sending the request
   */
  async beginTransitionRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling beginTransition().'
      );
    }
    if (requestParameters["transitionRequest"] == null) {
      throw new RequiredError(
        "transitionRequest",
        'Required parameter "transitionRequest" was null or undefined when calling beginTransition().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    if (requestParameters["ifMatch"] != null) {
      headerParameters["If-Match"] = String(requestParameters["ifMatch"]);
    }
    let urlPath = `/v1/sessions/{id}/transition`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "POST",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["transitionRequest"]
    };
  }
  /**
   * startInteractiveTransitionToCollectionViewLayout: prepares the target layout over the session\'s data and view and keeps both. Until the transition ends, `GET .../elements?progress=p` answers the attributes interpolated between the two layouts (0 the current one, 1 the target), and other changes to the data or the layout are a 409; `PATCH .../view` still applies, to both layouts. End it with `POST .../transition/finish` (keep the target layout) or `POST .../transition/cancel` (keep the current one).  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/transition \\   -H \'Content-Type: application/json\' \\   -d \'{\"layout\": {\"type\": \"flow\", \"itemSize\": [180, 100], \"headerReferenceSize\": [0, 44]}}\' curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/elements?rect=0,0,390,100&progress=0.5\' curl -s -X POST http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/transition/finish ```  The reply gives the session\'s new version, its current `layout` and `contentSize`, and the target in `transition`. A layout the data or the view cannot take is a 400, as for `PUT .../layout`; 409 while another transition or an interactive movement is under way. 
   * Begin an interactive transition to another layout
   */
  async beginTransitionRaw(requestParameters, initOverrides) {
    const requestOptions = await this.beginTransitionRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * startInteractiveTransitionToCollectionViewLayout: prepares the target layout over the session\'s data and view and keeps both. Until the transition ends, `GET .../elements?progress=p` answers the attributes interpolated between the two layouts (0 the current one, 1 the target), and other changes to the data or the layout are a 409; `PATCH .../view` still applies, to both layouts. End it with `POST .../transition/finish` (keep the target layout) or `POST .../transition/cancel` (keep the current one).  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/transition \\   -H \'Content-Type: application/json\' \\   -d \'{\"layout\": {\"type\": \"flow\", \"itemSize\": [180, 100], \"headerReferenceSize\": [0, 44]}}\' curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/elements?rect=0,0,390,100&progress=0.5\' curl -s -X POST http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/transition/finish ```  The reply gives the session\'s new version, its current `layout` and `contentSize`, and the target in `transition`. A layout the data or the view cannot take is a 400, as for `PUT .../layout`; 409 while another transition or an interactive movement is under way. 
   * Begin an interactive transition to another layout
   */
  async beginTransition(requestParameters, initOverrides) {
    const response = await this.beginTransitionRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for cancelTransition without sending the request
   */
  async cancelTransitionRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling cancelTransition().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    if (requestParameters["ifMatch"] != null) {
      headerParameters["If-Match"] = String(requestParameters["ifMatch"]);
    }
    let urlPath = `/v1/sessions/{id}/transition/cancel`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "POST",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * cancelInteractiveTransition: the target layout is dropped and the session keeps its layout (it still moves to a new version). No request body (one is ignored). 409 when no transition is in progress.  ```sh curl -s -X POST http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/transition/cancel ``` 
   * Cancel the interactive transition (keep the current layout)
   */
  async cancelTransitionRaw(requestParameters, initOverrides) {
    const requestOptions = await this.cancelTransitionRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * cancelInteractiveTransition: the target layout is dropped and the session keeps its layout (it still moves to a new version). No request body (one is ignored). 409 when no transition is in progress.  ```sh curl -s -X POST http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/transition/cancel ``` 
   * Cancel the interactive transition (keep the current layout)
   */
  async cancelTransition(requestParameters, initOverrides) {
    const response = await this.cancelTransitionRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for finishTransition without sending the request
   */
  async finishTransitionRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling finishTransition().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    if (requestParameters["ifMatch"] != null) {
      headerParameters["If-Match"] = String(requestParameters["ifMatch"]);
    }
    let urlPath = `/v1/sessions/{id}/transition/finish`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "POST",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * finishInteractiveTransition: the target layout becomes the session\'s layout. No request body (one is ignored). 409 when no transition is in progress.  ```sh curl -s -X POST http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/transition/finish ``` 
   * Finish the interactive transition (keep the target layout)
   */
  async finishTransitionRaw(requestParameters, initOverrides) {
    const requestOptions = await this.finishTransitionRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * finishInteractiveTransition: the target layout becomes the session\'s layout. No request body (one is ignored). 409 when no transition is in progress.  ```sh curl -s -X POST http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/transition/finish ``` 
   * Finish the interactive transition (keep the target layout)
   */
  async finishTransition(requestParameters, initOverrides) {
    const response = await this.finishTransitionRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for switchLayout without sending the request
   */
  async switchLayoutRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling switchLayout().'
      );
    }
    if (requestParameters["layoutSwitchRequest"] == null) {
      throw new RequiredError(
        "layoutSwitchRequest",
        'Required parameter "layoutSwitchRequest" was null or undefined when calling switchLayout().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    if (requestParameters["ifMatch"] != null) {
      headerParameters["If-Match"] = String(requestParameters["ifMatch"]);
    }
    let urlPath = `/v1/sessions/{id}/layout`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "PUT",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["layoutSwitchRequest"]
    };
  }
  /**
   * Replaces the session\'s layout (type and parameters) and lays the same data source and view out with it. The answer is the animation plan from the old attributes to the new ones, as for batch updates: one entry per element visible in `rect` before or after the switch (what is on screen without `rect`, every element with `\"rect\": null`). Every element keeps its index path, so an element both layouts have is `none`; one only the old layout has is `delete` (ending at its final attributes), one only the new layout has is `insert` (starting at its initial attributes). `GET /v1/sessions/{id}` then echoes the new layout.  ```sh curl -s -X PUT http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/layout \\   -H \'Content-Type: application/json\' -H \'If-Match: \"1\"\' \\   -d \'{\"layout\": {\"type\": \"flow\", \"itemSize\": [180, 100], \"headerReferenceSize\": [0, 44]},        \"rect\": [0, 0, 390, 100]}\' ```  A layout that cannot lay out the session\'s data (e.g. `column` without item heights) is a 400 naming the data source\'s field; one that needs the view\'s bounds while the session has none is a 400 naming `layout.type`. 409 while an interactive transition or movement is under way. 
   * Switch to another layout (setCollectionViewLayout:animated:)
   */
  async switchLayoutRaw(requestParameters, initOverrides) {
    const requestOptions = await this.switchLayoutRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * Replaces the session\'s layout (type and parameters) and lays the same data source and view out with it. The answer is the animation plan from the old attributes to the new ones, as for batch updates: one entry per element visible in `rect` before or after the switch (what is on screen without `rect`, every element with `\"rect\": null`). Every element keeps its index path, so an element both layouts have is `none`; one only the old layout has is `delete` (ending at its final attributes), one only the new layout has is `insert` (starting at its initial attributes). `GET /v1/sessions/{id}` then echoes the new layout.  ```sh curl -s -X PUT http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/layout \\   -H \'Content-Type: application/json\' -H \'If-Match: \"1\"\' \\   -d \'{\"layout\": {\"type\": \"flow\", \"itemSize\": [180, 100], \"headerReferenceSize\": [0, 44]},        \"rect\": [0, 0, 390, 100]}\' ```  A layout that cannot lay out the session\'s data (e.g. `column` without item heights) is a 400 naming the data source\'s field; one that needs the view\'s bounds while the session has none is a 400 naming `layout.type`. 409 while an interactive transition or movement is under way. 
   * Switch to another layout (setCollectionViewLayout:animated:)
   */
  async switchLayout(requestParameters, initOverrides) {
    const response = await this.switchLayoutRaw(requestParameters, initOverrides);
    return await response.value();
  }
};

// generated/apis/ServiceApi.ts
var ServiceApi = class extends BaseAPI {
  /**
   * Creates request options for getHealth without sending the request
   */
  async getHealthRequestOpts() {
    const queryParameters = {};
    const headerParameters = {};
    let urlPath = `/healthz`;
    return {
      path: urlPath,
      method: "GET",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * `{\"status\": \"ok\"}` with the number of live sessions, whenever the server answers. Used by the container\'s HEALTHCHECK.  ```sh curl -s http://localhost:8080/healthz ``` 
   * Liveness
   */
  async getHealthRaw(initOverrides) {
    const requestOptions = await this.getHealthRequestOpts();
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * `{\"status\": \"ok\"}` with the number of live sessions, whenever the server answers. Used by the container\'s HEALTHCHECK.  ```sh curl -s http://localhost:8080/healthz ``` 
   * Liveness
   */
  async getHealth(initOverrides) {
    const response = await this.getHealthRaw(initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for getMetrics without sending the request
   */
  async getMetricsRequestOpts() {
    const queryParameters = {};
    const headerParameters = {};
    let urlPath = `/metrics`;
    return {
      path: urlPath,
      method: "GET",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * Every metric in Prometheus\' text exposition format (version 0.0.4): requests by route template, method and status, latency histograms per route, body bytes in and out, sessions and items held, reply-cache lookups, the worker pool\'s queue depth and wait, each event loop\'s lag, and session-store operations where a store backend reports them. docs/operations.md lists them and what to alert on.  ```sh curl -s http://localhost:8080/metrics ``` 
   * Metrics for Prometheus
   */
  async getMetricsRaw(initOverrides) {
    const requestOptions = await this.getMetricsRequestOpts();
    const response = await this.request(requestOptions, initOverrides);
    if (this.isJsonMime(response.headers.get("content-type"))) {
      return new JSONApiResponse(response);
    } else {
      return new TextApiResponse(response);
    }
  }
  /**
   * Every metric in Prometheus\' text exposition format (version 0.0.4): requests by route template, method and status, latency histograms per route, body bytes in and out, sessions and items held, reply-cache lookups, the worker pool\'s queue depth and wait, each event loop\'s lag, and session-store operations where a store backend reports them. docs/operations.md lists them and what to alert on.  ```sh curl -s http://localhost:8080/metrics ``` 
   * Metrics for Prometheus
   */
  async getMetrics(initOverrides) {
    const response = await this.getMetricsRaw(initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for getOpenAPIDocument without sending the request
   */
  async getOpenAPIDocumentRequestOpts() {
    const queryParameters = {};
    const headerParameters = {};
    let urlPath = `/openapi.yaml`;
    return {
      path: urlPath,
      method: "GET",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * This document, as built into the server.  ```sh curl -s http://localhost:8080/openapi.yaml ``` 
   * This contract
   */
  async getOpenAPIDocumentRaw(initOverrides) {
    const requestOptions = await this.getOpenAPIDocumentRequestOpts();
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * This document, as built into the server.  ```sh curl -s http://localhost:8080/openapi.yaml ``` 
   * This contract
   */
  async getOpenAPIDocument(initOverrides) {
    const response = await this.getOpenAPIDocumentRaw(initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for getReadiness without sending the request
   */
  async getReadinessRequestOpts() {
    const queryParameters = {};
    const headerParameters = {};
    let urlPath = `/readyz`;
    return {
      path: urlPath,
      method: "GET",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * Whether this replica can serve sessions: it is listening and its session store (`--store`) answers. `503 store_unavailable` while the store is unreachable (the server stays alive, `/healthz` keeps answering, and it recovers by itself when the store returns). The memory store is always ready. Point a load balancer\'s or an orchestrator\'s readiness probe here, and the liveness probe at `/healthz`.  ```sh curl -s http://localhost:8080/readyz ``` 
   * Readiness
   */
  async getReadinessRaw(initOverrides) {
    const requestOptions = await this.getReadinessRequestOpts();
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * Whether this replica can serve sessions: it is listening and its session store (`--store`) answers. `503 store_unavailable` while the store is unreachable (the server stays alive, `/healthz` keeps answering, and it recovers by itself when the store returns). The memory store is always ready. Point a load balancer\'s or an orchestrator\'s readiness probe here, and the liveness probe at `/healthz`.  ```sh curl -s http://localhost:8080/readyz ``` 
   * Readiness
   */
  async getReadiness(initOverrides) {
    const response = await this.getReadinessRaw(initOverrides);
    return await response.value();
  }
};

// generated/apis/SessionsApi.ts
var SessionsApi = class extends BaseAPI {
  /**
   * Creates request options for createSession without sending the request
   */
  async createSessionRequestOpts(requestParameters) {
    if (requestParameters["layoutRequest"] == null) {
      throw new RequiredError(
        "layoutRequest",
        'Required parameter "layoutRequest" was null or undefined when calling createSession().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    let urlPath = `/v1/sessions`;
    return {
      path: urlPath,
      method: "POST",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["layoutRequest"]
    };
  }
  /**
   * Prepares the layout described by the body and keeps it, with the data source and the view, in a new session at version 1. The reply gives the session\'s `id` (32 lowercase hex digits, unguessable), its content size and the layout\'s `info`; `Location` names the session and `ETag` carries the version. Query the elements with `GET /v1/sessions/{id}/elements`.  ```sh curl -si http://localhost:8080/v1/sessions \\   -H \'Content-Type: application/json\' \\   -d \'{\"layout\": {\"type\": \"flow\", \"itemSize\": [100, 100], \"headerReferenceSize\": [0, 44]},        \"dataSource\": {\"sections\": [          {\"itemCount\": 5},          {\"items\": [[120, 80], [60, 80]], \"layout\": {\"sectionInset\": 8}}]},        \"view\": {\"bounds\": {\"width\": 390, \"height\": 844}, \"scale\": 3}}\' ```  Sections and items may carry identifiers, as a diffable data source\'s do: then `GET`/`PUT …/snapshot` and `POST …/snapshot/operations` change the session by identifier, and `POST …/updates` is refused (422 `has_identifiers`). All sections and items have one, or none does (`\"identifiers\": true` says so for a data source that may be empty); identifiers that are not unique are a 422.  ```sh curl -si http://localhost:8080/v1/sessions \\   -H \'Content-Type: application/json\' \\   -d \'{\"layout\": {\"type\": \"flow\", \"itemSize\": [100, 100], \"headerReferenceSize\": [0, 44]},        \"dataSource\": {\"sections\": [          {\"id\": \"inbox\", \"itemIds\": [\"m1\", \"m2\", \"m3\", \"m4\"]},          {\"id\": \"archive\", \"items\": [{\"id\": \"m5\", \"size\": [120, 80]}, {\"id\": \"m6\", \"size\": [60, 80]}],           \"layout\": {\"sectionInset\": 8}}]},        \"view\": {\"bounds\": {\"width\": 390, \"height\": 844}, \"scale\": 3}}\' ```  When the store is full (1,024 sessions, or 50,000,000 items across all sessions, by default) and no expired session can be dropped, the answer is 503 `too_many_sessions` with `Retry-After`; live sessions are never evicted. 
   * Create a session
   */
  async createSessionRaw(requestParameters, initOverrides) {
    const requestOptions = await this.createSessionRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * Prepares the layout described by the body and keeps it, with the data source and the view, in a new session at version 1. The reply gives the session\'s `id` (32 lowercase hex digits, unguessable), its content size and the layout\'s `info`; `Location` names the session and `ETag` carries the version. Query the elements with `GET /v1/sessions/{id}/elements`.  ```sh curl -si http://localhost:8080/v1/sessions \\   -H \'Content-Type: application/json\' \\   -d \'{\"layout\": {\"type\": \"flow\", \"itemSize\": [100, 100], \"headerReferenceSize\": [0, 44]},        \"dataSource\": {\"sections\": [          {\"itemCount\": 5},          {\"items\": [[120, 80], [60, 80]], \"layout\": {\"sectionInset\": 8}}]},        \"view\": {\"bounds\": {\"width\": 390, \"height\": 844}, \"scale\": 3}}\' ```  Sections and items may carry identifiers, as a diffable data source\'s do: then `GET`/`PUT …/snapshot` and `POST …/snapshot/operations` change the session by identifier, and `POST …/updates` is refused (422 `has_identifiers`). All sections and items have one, or none does (`\"identifiers\": true` says so for a data source that may be empty); identifiers that are not unique are a 422.  ```sh curl -si http://localhost:8080/v1/sessions \\   -H \'Content-Type: application/json\' \\   -d \'{\"layout\": {\"type\": \"flow\", \"itemSize\": [100, 100], \"headerReferenceSize\": [0, 44]},        \"dataSource\": {\"sections\": [          {\"id\": \"inbox\", \"itemIds\": [\"m1\", \"m2\", \"m3\", \"m4\"]},          {\"id\": \"archive\", \"items\": [{\"id\": \"m5\", \"size\": [120, 80]}, {\"id\": \"m6\", \"size\": [60, 80]}],           \"layout\": {\"sectionInset\": 8}}]},        \"view\": {\"bounds\": {\"width\": 390, \"height\": 844}, \"scale\": 3}}\' ```  When the store is full (1,024 sessions, or 50,000,000 items across all sessions, by default) and no expired session can be dropped, the answer is 503 `too_many_sessions` with `Retry-After`; live sessions are never evicted. 
   * Create a session
   */
  async createSession(requestParameters, initOverrides) {
    const response = await this.createSessionRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for deleteSession without sending the request
   */
  async deleteSessionRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling deleteSession().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    if (requestParameters["ifMatch"] != null) {
      headerParameters["If-Match"] = String(requestParameters["ifMatch"]);
    }
    let urlPath = `/v1/sessions/{id}`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "DELETE",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * Deletes the session and frees its items. With `If-Match`, only when the session is still at that version (412 otherwise, with the current version in `ETag`).  ```sh curl -si -X DELETE http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13 curl -si -X DELETE -H \'If-Match: \"2\"\' http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13 ``` 
   * Delete a session
   */
  async deleteSessionRaw(requestParameters, initOverrides) {
    const requestOptions = await this.deleteSessionRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new VoidApiResponse(response);
  }
  /**
   * Deletes the session and frees its items. With `If-Match`, only when the session is still at that version (412 otherwise, with the current version in `ETag`).  ```sh curl -si -X DELETE http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13 curl -si -X DELETE -H \'If-Match: \"2\"\' http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13 ``` 
   * Delete a session
   */
  async deleteSession(requestParameters, initOverrides) {
    await this.deleteSessionRaw(requestParameters, initOverrides);
  }
  /**
   * Creates request options for getSession without sending the request
   */
  async getSessionRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling getSession().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    let urlPath = `/v1/sessions/{id}`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "GET",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * The session as it stands: its version, the layout object the client sent (echoed as given), the view (in canonical object form, with every member), the item count of each section and in all, the content size and the layout\'s `info`. `ETag` carries the version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13 ``` 
   * Read a session
   */
  async getSessionRaw(requestParameters, initOverrides) {
    const requestOptions = await this.getSessionRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * The session as it stands: its version, the layout object the client sent (echoed as given), the view (in canonical object form, with every member), the item count of each section and in all, the content size and the layout\'s `info`. `ETag` carries the version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13 ``` 
   * Read a session
   */
  async getSession(requestParameters, initOverrides) {
    const response = await this.getSessionRaw(requestParameters, initOverrides);
    return await response.value();
  }
};

// generated/apis/SnapshotsApi.ts
var SnapshotsApi = class extends BaseAPI {
  /**
   * Creates request options for applySnapshot without sending the request
   */
  async applySnapshotRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling applySnapshot().'
      );
    }
    if (requestParameters["snapshotRequest"] == null) {
      throw new RequiredError(
        "snapshotRequest",
        'Required parameter "snapshotRequest" was null or undefined when calling applySnapshot().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    if (requestParameters["ifMatch"] != null) {
      headerParameters["If-Match"] = String(requestParameters["ifMatch"]);
    }
    let urlPath = `/v1/sessions/{id}/snapshot`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "PUT",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["snapshotRequest"]
    };
  }
  /**
   * Sends the whole new snapshot: every section by identifier, in order, with its items. Tessera diffs it against the session\'s as UIKit\'s diffable data source does ([docs/snapshots.md](docs/snapshots.md)) and applies the derived batch, so the session lays out exactly as after `POST …/updates` with that batch (and the new data of the items changed in place). The answer gives the batch itself (`updates`, in `POST …/updates`\' vocabulary), the new index paths of the items whose data changed in place (`reconfigured`), and the animation plan of the elements in `rect` (left out with `\"animatingDifferences\": false`).  Items keep their data: a new item takes the data given with it (`{\"id\", \"size\"}`, …), and a kept item given data changes in place. `reloaded` and `reconfigured` name items of the new snapshot (422 `unknown_item_identifier` otherwise). A snapshot equal to the session\'s, with no data changed, changes nothing: the answer keeps the current version, with no updates and an empty plan.  ```sh curl -s -X PUT http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/snapshot \\   -H \'Content-Type: application/json\' -H \'If-Match: \"1\"\' \\   -d \'{\"sections\": [          {\"id\": \"inbox\", \"items\": [\"m4\", \"m1\", \"m3\"]},          {\"id\": \"archive\", \"items\": [\"m5\", \"m6\", {\"id\": \"m7\", \"size\": [120, 80]}]}],        \"reloaded\": [\"m1\"], \"rect\": [0, 0, 390, 150]}\' ```  Refused with UIKit\'s words, changing nothing (422): items or sections that share an identifier (`duplicate_item_identifiers`, `duplicate_section_identifiers`, the second occurrence in `field`), an unknown reloaded or reconfigured item (`unknown_item_identifier`), a new item without data in a section whose items carry data (`item_data_required`), a session without identifiers (`no_identifiers`). A body of the wrong shape is a 400; 409 while an interactive transition or movement is under way; with `If-Match`, 412 when the session has moved on. 
   * Apply a snapshot (apply(_:animatingDifferences:))
   */
  async applySnapshotRaw(requestParameters, initOverrides) {
    const requestOptions = await this.applySnapshotRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * Sends the whole new snapshot: every section by identifier, in order, with its items. Tessera diffs it against the session\'s as UIKit\'s diffable data source does ([docs/snapshots.md](docs/snapshots.md)) and applies the derived batch, so the session lays out exactly as after `POST …/updates` with that batch (and the new data of the items changed in place). The answer gives the batch itself (`updates`, in `POST …/updates`\' vocabulary), the new index paths of the items whose data changed in place (`reconfigured`), and the animation plan of the elements in `rect` (left out with `\"animatingDifferences\": false`).  Items keep their data: a new item takes the data given with it (`{\"id\", \"size\"}`, …), and a kept item given data changes in place. `reloaded` and `reconfigured` name items of the new snapshot (422 `unknown_item_identifier` otherwise). A snapshot equal to the session\'s, with no data changed, changes nothing: the answer keeps the current version, with no updates and an empty plan.  ```sh curl -s -X PUT http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/snapshot \\   -H \'Content-Type: application/json\' -H \'If-Match: \"1\"\' \\   -d \'{\"sections\": [          {\"id\": \"inbox\", \"items\": [\"m4\", \"m1\", \"m3\"]},          {\"id\": \"archive\", \"items\": [\"m5\", \"m6\", {\"id\": \"m7\", \"size\": [120, 80]}]}],        \"reloaded\": [\"m1\"], \"rect\": [0, 0, 390, 150]}\' ```  Refused with UIKit\'s words, changing nothing (422): items or sections that share an identifier (`duplicate_item_identifiers`, `duplicate_section_identifiers`, the second occurrence in `field`), an unknown reloaded or reconfigured item (`unknown_item_identifier`), a new item without data in a section whose items carry data (`item_data_required`), a session without identifiers (`no_identifiers`). A body of the wrong shape is a 400; 409 while an interactive transition or movement is under way; with `If-Match`, 412 when the session has moved on. 
   * Apply a snapshot (apply(_:animatingDifferences:))
   */
  async applySnapshot(requestParameters, initOverrides) {
    const response = await this.applySnapshotRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for applySnapshotOperations without sending the request
   */
  async applySnapshotOperationsRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling applySnapshotOperations().'
      );
    }
    if (requestParameters["snapshotOperationsRequest"] == null) {
      throw new RequiredError(
        "snapshotOperationsRequest",
        'Required parameter "snapshotOperationsRequest" was null or undefined when calling applySnapshotOperations().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    if (requestParameters["ifMatch"] != null) {
      headerParameters["If-Match"] = String(requestParameters["ifMatch"]);
    }
    let urlPath = `/v1/sessions/{id}/snapshot/operations`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "POST",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["snapshotOperationsRequest"]
    };
  }
  /**
   * NSDiffableDataSourceSnapshot\'s operations, applied in order to a copy of the session\'s snapshot: `appendSections`, `insertSections`, `deleteSections`, `moveSection`, `appendItems`, `insertItems`, `deleteItems`, `deleteAllItems`, `moveItem`, `reloadItems`, `reconfigureItems`. The snapshot they leave is then applied exactly as `PUT …/snapshot` applies one, and answered the same way.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/snapshot/operations \\   -H \'Content-Type: application/json\' \\   -d \'{\"operations\": [          {\"op\": \"insertSections\", \"sections\": [\"starred\"], \"beforeSection\": \"inbox\"},          {\"op\": \"moveItem\", \"item\": \"m1\", \"beforeItem\": \"m4\"},          {\"op\": \"appendItems\", \"items\": [\"m8\"], \"toSection\": \"starred\"}],        \"rect\": [0, 0, 390, 100]}\' ```  An operation naming an identifier the snapshot (as the operations before it left it) does not have is a 422 `unknown_section_identifier` or `unknown_item_identifier`; one adding an identifier it already has is a 422 `duplicate_section_identifiers` or `duplicate_item_identifiers`; `appendItems` without `toSection` when there is no section is a 422 `no_sections`. `field` names the operation\'s value (`operations[1].items[0]`). Nothing changes then. 
   * Edit the snapshot by identifier (NSDiffableDataSourceSnapshot\'s operations)
   */
  async applySnapshotOperationsRaw(requestParameters, initOverrides) {
    const requestOptions = await this.applySnapshotOperationsRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * NSDiffableDataSourceSnapshot\'s operations, applied in order to a copy of the session\'s snapshot: `appendSections`, `insertSections`, `deleteSections`, `moveSection`, `appendItems`, `insertItems`, `deleteItems`, `deleteAllItems`, `moveItem`, `reloadItems`, `reconfigureItems`. The snapshot they leave is then applied exactly as `PUT …/snapshot` applies one, and answered the same way.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/snapshot/operations \\   -H \'Content-Type: application/json\' \\   -d \'{\"operations\": [          {\"op\": \"insertSections\", \"sections\": [\"starred\"], \"beforeSection\": \"inbox\"},          {\"op\": \"moveItem\", \"item\": \"m1\", \"beforeItem\": \"m4\"},          {\"op\": \"appendItems\", \"items\": [\"m8\"], \"toSection\": \"starred\"}],        \"rect\": [0, 0, 390, 100]}\' ```  An operation naming an identifier the snapshot (as the operations before it left it) does not have is a 422 `unknown_section_identifier` or `unknown_item_identifier`; one adding an identifier it already has is a 422 `duplicate_section_identifiers` or `duplicate_item_identifiers`; `appendItems` without `toSection` when there is no section is a 422 `no_sections`. `field` names the operation\'s value (`operations[1].items[0]`). Nothing changes then. 
   * Edit the snapshot by identifier (NSDiffableDataSourceSnapshot\'s operations)
   */
  async applySnapshotOperations(requestParameters, initOverrides) {
    const response = await this.applySnapshotOperationsRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for getSnapshot without sending the request
   */
  async getSnapshotRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling getSnapshot().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    let urlPath = `/v1/sessions/{id}/snapshot`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "GET",
      headers: headerParameters,
      query: queryParameters
    };
  }
  /**
   * The identifiers of the session\'s sections and of their items, in order, as the data source gave them (`dataSource.sections[].id`, `itemIds` or `items[].id`) and as snapshots and identifier operations have changed them since. `ETag` carries the version. A session created without identifiers has no snapshot: 422 `no_identifiers`.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/snapshot ``` 
   * Read the session\'s snapshot (NSDiffableDataSourceSnapshot)
   */
  async getSnapshotRaw(requestParameters, initOverrides) {
    const requestOptions = await this.getSnapshotRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * The identifiers of the session\'s sections and of their items, in order, as the data source gave them (`dataSource.sections[].id`, `itemIds` or `items[].id`) and as snapshots and identifier operations have changed them since. `ETag` carries the version. A session created without identifiers has no snapshot: 422 `no_identifiers`.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/snapshot ``` 
   * Read the session\'s snapshot (NSDiffableDataSourceSnapshot)
   */
  async getSnapshot(requestParameters, initOverrides) {
    const response = await this.getSnapshotRaw(requestParameters, initOverrides);
    return await response.value();
  }
};

// generated/apis/UpdatesApi.ts
var UpdatesApi = class extends BaseAPI {
  /**
   * Creates request options for applyUpdates without sending the request
   */
  async applyUpdatesRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling applyUpdates().'
      );
    }
    if (requestParameters["updatesRequest"] == null) {
      throw new RequiredError(
        "updatesRequest",
        'Required parameter "updatesRequest" was null or undefined when calling applyUpdates().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    if (requestParameters["ifMatch"] != null) {
      headerParameters["If-Match"] = String(requestParameters["ifMatch"]);
    }
    let urlPath = `/v1/sessions/{id}/updates`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "POST",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["updatesRequest"]
    };
  }
  /**
   * Inserts, deletes, moves and reloads items and sections, all in one batch, and answers the animation plan. Index paths follow UIKit: deletes, reloads and move sources name the state before the update; inserts and move destinations the state after it. The whole batch is validated first with UIKit\'s rules (out of range, the same index path deleted twice, an item both deleted and moved, an insert into a reloaded section, ...): an invalid batch is a 422 `invalid_update` whose `field` names the operation and the offending value (`updates[1].indexPaths[0]`), and changes nothing. An operation of the wrong shape (unknown `op`, unknown key, a missing `data` on `insertSections`) is a 400 `invalid_request`, and so is data the layout cannot lay out.  The answer is the new `version` (also in `ETag`), `contentSize` and `info`, and the `plan`: one entry per element visible in `rect` before or after the update (what is on screen without `rect`: the view\'s bounds at its content offset, where the view shows them after an anchored change; every element with `\"rect\": null`), first in the new layout\'s order, then the elements that disappear. Both ends of an entry are always present: an inserted element starts at the layout\'s initial attributes for it (at its new index path), a deleted one ends at its final attributes (at its old index path), as UIKit animates them. After the update the session lays out exactly as a new session created from the updated data source would.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/updates \\   -H \'Content-Type: application/json\' -H \'If-Match: \"1\"\' \\   -d \'{\"updates\": [          {\"op\": \"deleteItems\", \"indexPaths\": [[0, 4]]},          {\"op\": \"insertItems\", \"indexPaths\": [[0, 0]], \"items\": [{\"size\": [100, 100]}]}],        \"rect\": {\"x\": 0, \"y\": 50, \"width\": 390, \"height\": 50}}\' ```  A 409 `conflict` means an interactive transition or movement is under way (end it first), or that other changes kept landing while this one was computed (retry). With `If-Match`, the batch applies only to that version (412 otherwise). 
   * Batch updates (performBatchUpdates)
   */
  async applyUpdatesRaw(requestParameters, initOverrides) {
    const requestOptions = await this.applyUpdatesRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * Inserts, deletes, moves and reloads items and sections, all in one batch, and answers the animation plan. Index paths follow UIKit: deletes, reloads and move sources name the state before the update; inserts and move destinations the state after it. The whole batch is validated first with UIKit\'s rules (out of range, the same index path deleted twice, an item both deleted and moved, an insert into a reloaded section, ...): an invalid batch is a 422 `invalid_update` whose `field` names the operation and the offending value (`updates[1].indexPaths[0]`), and changes nothing. An operation of the wrong shape (unknown `op`, unknown key, a missing `data` on `insertSections`) is a 400 `invalid_request`, and so is data the layout cannot lay out.  The answer is the new `version` (also in `ETag`), `contentSize` and `info`, and the `plan`: one entry per element visible in `rect` before or after the update (what is on screen without `rect`: the view\'s bounds at its content offset, where the view shows them after an anchored change; every element with `\"rect\": null`), first in the new layout\'s order, then the elements that disappear. Both ends of an entry are always present: an inserted element starts at the layout\'s initial attributes for it (at its new index path), a deleted one ends at its final attributes (at its old index path), as UIKit animates them. After the update the session lays out exactly as a new session created from the updated data source would.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/updates \\   -H \'Content-Type: application/json\' -H \'If-Match: \"1\"\' \\   -d \'{\"updates\": [          {\"op\": \"deleteItems\", \"indexPaths\": [[0, 4]]},          {\"op\": \"insertItems\", \"indexPaths\": [[0, 0]], \"items\": [{\"size\": [100, 100]}]}],        \"rect\": {\"x\": 0, \"y\": 50, \"width\": 390, \"height\": 50}}\' ```  A 409 `conflict` means an interactive transition or movement is under way (end it first), or that other changes kept landing while this one was computed (retry). With `If-Match`, the batch applies only to that version (412 otherwise). 
   * Batch updates (performBatchUpdates)
   */
  async applyUpdates(requestParameters, initOverrides) {
    const response = await this.applyUpdatesRaw(requestParameters, initOverrides);
    return await response.value();
  }
  /**
   * Creates request options for preferredSizes without sending the request
   */
  async preferredSizesRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling preferredSizes().'
      );
    }
    if (requestParameters["preferredSizesRequest"] == null) {
      throw new RequiredError(
        "preferredSizesRequest",
        'Required parameter "preferredSizesRequest" was null or undefined when calling preferredSizes().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    if (requestParameters["ifMatch"] != null) {
      headerParameters["If-Match"] = String(requestParameters["ifMatch"]);
    }
    let urlPath = `/v1/sessions/{id}/preferred-sizes`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "POST",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["preferredSizesRequest"]
    };
  }
  /**
   * Self-sizing cells of a flow or line layout with an `estimatedItemSize` report their real sizes; each becomes its item\'s own size (the item keeps its place, as a reload), and the layout is updated. The answer is the new `version` (also in `ETag`) and `contentSize`, and `invalidatedElements`: the elements within `rect` (default: the view\'s visible bounds) whose attributes changed, appeared or went away. A layout without `estimatedItemSize` is a 409; an index path out of range or listed twice is a 400 naming the entry (`items[0]`).  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/preferred-sizes \\   -H \'Content-Type: application/json\' \\   -d \'{\"items\": [{\"indexPath\": [0, 0], \"size\": {\"width\": 100, \"height\": 80}},                  {\"indexPath\": [0, 1], \"size\": [100, 60]}]}\' ``` 
   * Report self-sized cells (preferredLayoutAttributesFittingAttributes)
   */
  async preferredSizesRaw(requestParameters, initOverrides) {
    const requestOptions = await this.preferredSizesRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * Self-sizing cells of a flow or line layout with an `estimatedItemSize` report their real sizes; each becomes its item\'s own size (the item keeps its place, as a reload), and the layout is updated. The answer is the new `version` (also in `ETag`) and `contentSize`, and `invalidatedElements`: the elements within `rect` (default: the view\'s visible bounds) whose attributes changed, appeared or went away. A layout without `estimatedItemSize` is a 409; an index path out of range or listed twice is a 400 naming the entry (`items[0]`).  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/preferred-sizes \\   -H \'Content-Type: application/json\' \\   -d \'{\"items\": [{\"indexPath\": [0, 0], \"size\": {\"width\": 100, \"height\": 80}},                  {\"indexPath\": [0, 1], \"size\": [100, 60]}]}\' ``` 
   * Report self-sized cells (preferredLayoutAttributesFittingAttributes)
   */
  async preferredSizes(requestParameters, initOverrides) {
    const response = await this.preferredSizesRaw(requestParameters, initOverrides);
    return await response.value();
  }
};

// generated/apis/ViewApi.ts
var ViewApi = class extends BaseAPI {
  /**
   * Creates request options for updateView without sending the request
   */
  async updateViewRequestOpts(requestParameters) {
    if (requestParameters["id"] == null) {
      throw new RequiredError(
        "id",
        'Required parameter "id" was null or undefined when calling updateView().'
      );
    }
    if (requestParameters["viewInput"] === void 0) {
      throw new RequiredError(
        "viewInput",
        'Required parameter "viewInput" was undefined when calling updateView().'
      );
    }
    const queryParameters = {};
    const headerParameters = {};
    headerParameters["Content-Type"] = "application/json";
    if (requestParameters["ifMatch"] != null) {
      headerParameters["If-Match"] = String(requestParameters["ifMatch"]);
    }
    let urlPath = `/v1/sessions/{id}/view`;
    urlPath = urlPath.replace("{id}", encodeURIComponent(String(requestParameters["id"])));
    return {
      path: urlPath,
      method: "PATCH",
      headers: headerParameters,
      query: queryParameters,
      body: requestParameters["viewInput"]
    };
  }
  /**
   * Changes any of the view\'s `bounds`, `contentOffset`, `contentInset`, `scale`, `orthogonalOffsets` and `layoutDirection` (members left out keep their values; `{}` changes nothing but still makes a new version). The layout is asked what the change invalidates (shouldInvalidateLayout(forBoundsChange:)): `invalidated` is its answer, and `invalidation` says how much: the whole layout (prepared again, e.g. a flow layout whose width changed, or any layout whose view changed direction), all attributes (e.g. the cover flow\'s transforms on every scroll), or only some elements (e.g. pinned headers). The session moves to a new version, given in the reply and in `ETag`.  ```sh curl -s -X PATCH http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/view \\   -H \'Content-Type: application/json\' -H \'If-Match: \"1\"\' \\   -d \'{\"contentOffset\": {\"x\": 0, \"y\": 120}}\' ```  With `If-Match`, the change applies only to that version (412 otherwise). A 409 `conflict` means other changes kept landing while this one was computed; retry. 
   * Scroll or resize the view
   */
  async updateViewRaw(requestParameters, initOverrides) {
    const requestOptions = await this.updateViewRequestOpts(requestParameters);
    const response = await this.request(requestOptions, initOverrides);
    return new JSONApiResponse(response);
  }
  /**
   * Changes any of the view\'s `bounds`, `contentOffset`, `contentInset`, `scale`, `orthogonalOffsets` and `layoutDirection` (members left out keep their values; `{}` changes nothing but still makes a new version). The layout is asked what the change invalidates (shouldInvalidateLayout(forBoundsChange:)): `invalidated` is its answer, and `invalidation` says how much: the whole layout (prepared again, e.g. a flow layout whose width changed, or any layout whose view changed direction), all attributes (e.g. the cover flow\'s transforms on every scroll), or only some elements (e.g. pinned headers). The session moves to a new version, given in the reply and in `ETag`.  ```sh curl -s -X PATCH http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/view \\   -H \'Content-Type: application/json\' -H \'If-Match: \"1\"\' \\   -d \'{\"contentOffset\": {\"x\": 0, \"y\": 120}}\' ```  With `If-Match`, the change applies only to that version (412 otherwise). A 409 `conflict` means other changes kept landing while this one was computed; retry. 
   * Scroll or resize the view
   */
  async updateView(requestParameters, initOverrides) {
    const response = await this.updateViewRaw(requestParameters, initOverrides);
    return await response.value();
  }
};

// src/client.ts
function rectQuery(rect) {
  return `${rect.x},${rect.y},${rect.width},${rect.height}`;
}
function isAbort(error) {
  return typeof error === "object" && error !== null && error.name === "AbortError";
}
function describe(error) {
  if (error instanceof Error) {
    const cause = error.cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}
function failure(error) {
  return { ok: false, error };
}
async function errorOf(response, signal) {
  let text = "";
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted || isAbort(error)) {
      return { status: 0, code: "aborted", message: "the request was aborted" };
    }
  }
  try {
    const body = JSON.parse(text);
    const error = body.error;
    if (error && typeof error.code === "string" && typeof error.message === "string") {
      const value = { status: response.status, code: error.code, message: error.message };
      if (typeof error.field === "string")
        value.field = error.field;
      return value;
    }
  } catch {
  }
  return {
    status: response.status,
    code: "http_error",
    message: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`
  };
}
var TesseraClient = class {
  /**
   * @param baseUrl the server's address, e.g. `http://127.0.0.1:8080` (a trailing `/` is
   *   ignored; `""` sends same-origin requests in a browser).
   * @param options `fetch`: the function requests go through (default: the global `fetch`).
   */
  constructor(baseUrl, options = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    const configuration = new Configuration({ basePath: this.baseUrl, fetchApi: options.fetch });
    this.sessions = new SessionsApi(configuration);
    this.elementsApi = new ElementsApi(configuration);
    this.view = new ViewApi(configuration);
    this.updates = new UpdatesApi(configuration);
    this.snapshots = new SnapshotsApi(configuration);
    this.layouts = new LayoutsApi(configuration);
    this.interaction = new InteractionApi(configuration);
    this.oneShot = new LayoutApi(configuration);
    this.service = new ServiceApi(configuration);
  }
  // Sessions
  /** `POST /v1/sessions` (createSession): a new session at version 1. */
  createSession(body, options) {
    return this.call((init) => this.sessions.createSessionRaw({ layoutRequest: body }, init), "json", options);
  }
  /** `GET /v1/sessions/{id}` (getSession): the session's sections, content size and info. */
  getSession(id, options) {
    return this.call((init) => this.sessions.getSessionRaw({ id }, init), "json", options);
  }
  /** `DELETE /v1/sessions/{id}` (deleteSession). With `ifMatch`, only at that version. */
  deleteSession(id, options) {
    return this.call((init) => this.sessions.deleteSessionRaw({ id }, init), "none", options);
  }
  // Elements
  /**
   * `GET /v1/sessions/{id}/elements` (listElements): the elements whose frames intersect
   * `rect` (every element when `rect` is null), cells first, with the version and content size.
   */
  elements(id, rect, options) {
    const query = {
      id,
      ...rect ? { rect: rectQuery(rect) } : {},
      ...options?.progress !== void 0 ? { progress: options.progress } : {}
    };
    return this.call((init) => this.elementsApi.listElementsRaw(query, init), "json", options);
  }
  /** `GET /v1/sessions/{id}/items/{section}/{item}` (getItem): one cell's attributes. */
  item(id, indexPath, options) {
    const [section = 0, item = 0] = indexPath;
    return this.call((init) => this.elementsApi.getItemRaw({ id, section, item }, init), "json", options);
  }
  /** `GET /v1/sessions/{id}/supplementary/{kind}/{section}/{item}` (getSupplementaryView). */
  supplementaryView(id, kind, indexPath, options) {
    const [section = 0, item = 0] = indexPath;
    return this.call(
      (init) => this.elementsApi.getSupplementaryViewRaw({ id, kind, section, item }, init),
      "json",
      options
    );
  }
  /** `GET /v1/sessions/{id}/decorations/{kind}/{section}/{item}` (getDecorationView). */
  decorationView(id, kind, indexPath, options) {
    const [section = 0, item = 0] = indexPath;
    return this.call(
      (init) => this.elementsApi.getDecorationViewRaw({ id, kind, section, item }, init),
      "json",
      options
    );
  }
  /** `GET /v1/sessions/{id}/render.svg` (renderSession): the session drawn as SVG text. */
  renderSession(id, options) {
    const query = {
      id,
      ...options?.rect ? { rect: rectQuery(options.rect) } : {},
      ...options?.progress !== void 0 ? { progress: options.progress } : {},
      ...options?.labels !== void 0 ? { labels: options.labels ? "true" : "false" } : {},
      ...options?.scale !== void 0 ? { scale: options.scale } : {},
      ...options?.theme !== void 0 ? { theme: options.theme } : {}
    };
    return this.call((init) => this.elementsApi.renderSessionRaw(query, init), "text", options);
  }
  // View
  /**
   * `PATCH /v1/sessions/{id}/view` (updateView): scroll or resize; the members left out
   * keep their values. Answers the new version and what the change invalidated.
   */
  patchView(id, body, options) {
    return this.call((init) => this.view.updateViewRaw({ id, viewInput: body }, init), "json", options);
  }
  // Updates
  /**
   * `POST /v1/sessions/{id}/updates` (applyUpdates): performBatchUpdates by index path,
   * answering the animation plan (and, with `anchor`, the adjusted content offset).
   */
  performBatchUpdates(id, body, options) {
    return this.call((init) => this.updates.applyUpdatesRaw({ id, updatesRequest: body }, init), "json", options);
  }
  /** `POST /v1/sessions/{id}/preferred-sizes` (preferredSizes): self-sizing cells' sizes. */
  preferredSizes(id, body, options) {
    return this.call(
      (init) => this.updates.preferredSizesRaw({ id, preferredSizesRequest: body }, init),
      "json",
      options
    );
  }
  // Snapshots (sessions with identifiers; docs/snapshots.md)
  /** `GET /v1/sessions/{id}/snapshot` (getSnapshot): the sections and items by identifier. */
  getSnapshot(id, options) {
    return this.call((init) => this.snapshots.getSnapshotRaw({ id }, init), "json", options);
  }
  /** `PUT /v1/sessions/{id}/snapshot` (applySnapshot): apply(_:animatingDifferences:). */
  applySnapshot(id, body, options) {
    return this.call((init) => this.snapshots.applySnapshotRaw({ id, snapshotRequest: body }, init), "json", options);
  }
  /** `POST /v1/sessions/{id}/snapshot/operations` (applySnapshotOperations). */
  snapshotOperations(id, body, options) {
    return this.call(
      (init) => this.snapshots.applySnapshotOperationsRaw({ id, snapshotOperationsRequest: body }, init),
      "json",
      options
    );
  }
  // Layouts
  /** `PUT /v1/sessions/{id}/layout` (switchLayout): setCollectionViewLayout, with its plan. */
  setLayout(id, body, options) {
    return this.call((init) => this.layouts.switchLayoutRaw({ id, layoutSwitchRequest: body }, init), "json", options);
  }
  /** `POST /v1/sessions/{id}/transition` (beginTransition): starts an interactive transition. */
  beginTransition(id, body, options) {
    return this.call(
      (init) => this.layouts.beginTransitionRaw({ id, transitionRequest: body }, init),
      "json",
      options
    );
  }
  /** `POST /v1/sessions/{id}/transition/finish` (finishTransition): keeps the new layout. */
  finishTransition(id, options) {
    return this.call((init) => this.layouts.finishTransitionRaw({ id }, init), "json", options);
  }
  /** `POST /v1/sessions/{id}/transition/cancel` (cancelTransition): keeps the old layout. */
  cancelTransition(id, options) {
    return this.call((init) => this.layouts.cancelTransitionRaw({ id }, init), "json", options);
  }
  // Interaction
  /**
   * `POST /v1/sessions/{id}/scroll-to-item` (scrollToItem): the offset
   * scrollToItem(at:at:animated:) scrolls to; with `apply: true` it becomes the view's
   * contentOffset (a new version).
   */
  scrollToItem(id, request, options) {
    return this.call(
      (init) => this.interaction.scrollToItemRaw({ id, scrollToItemRequest: request }, init),
      "json",
      options
    );
  }
  /** `POST /v1/sessions/{id}/target-content-offset` (targetContentOffset): where a scroll rests. */
  targetContentOffset(id, body, options) {
    return this.call(
      (init) => this.interaction.targetContentOffsetRaw({ id, targetContentOffsetRequest: body }, init),
      "json",
      options
    );
  }
  /**
   * `POST /v1/sessions/{id}/interactive-movement` (interactiveMovement): one phase of an
   * interactive reordering; `end` answers a plan, the others the movement's state.
   */
  interactiveMovement(id, body, options) {
    return this.call(
      (init) => this.interaction.interactiveMovementRaw({ id, interactiveMovementRequest: body }, init),
      "json",
      options
    );
  }
  // One-shot layout (nothing kept)
  /** `POST /v1/layout` (computeLayout): lays out once and answers the elements. */
  computeLayout(body, options) {
    return this.call((init) => this.oneShot.computeLayoutRaw({ oneShotLayoutRequest: body }, init), "json", options);
  }
  /** `POST /v1/render` (renderLayout): lays out once and answers the SVG text. */
  renderLayout(body, options) {
    const query = {
      oneShotLayoutRequest: body,
      ...options?.labels !== void 0 ? { labels: options.labels ? "true" : "false" } : {},
      ...options?.scale !== void 0 ? { scale: options.scale } : {},
      ...options?.theme !== void 0 ? { theme: options.theme } : {}
    };
    return this.call((init) => this.oneShot.renderLayoutRaw(query, init), "text", options);
  }
  // Service
  /** `GET /healthz` (getHealth). */
  health(options) {
    return this.call((init) => this.service.getHealthRaw(init), "json", options);
  }
  /** `GET /readyz` (getReadiness): 200 when ready, a 503 error value when not. */
  readiness(options) {
    return this.call((init) => this.service.getReadinessRaw(init), "json", options);
  }
  /** `GET /openapi.yaml` (getOpenAPIDocument): the contract, as YAML text. */
  openAPIDocument(options) {
    return this.call((init) => this.service.getOpenAPIDocumentRaw(init), "text", options);
  }
  /** `GET /metrics` (getMetrics): Prometheus text. */
  metrics(options) {
    return this.call((init) => this.service.getMetricsRaw(init), "text", options);
  }
  // Transport
  /**
   * Sends one request through a generated API method and turns whatever happens into a
   * Result: `signal` and `If-Match` are added by the init override; the generated code's
   * ResponseError (non-2xx), FetchError (no answer) and RequiredError (a missing
   * parameter) become error values.
   */
  async call(send, reader, options) {
    const signal = options?.signal;
    const ifMatch = options?.ifMatch;
    const override = async ({ init }) => {
      const headers = { ...init.headers ?? {} };
      if (ifMatch !== void 0)
        headers["If-Match"] = ifMatch;
      return signal ? { headers, signal } : { headers };
    };
    let response;
    try {
      response = (await send(override)).raw;
    } catch (error) {
      if (error instanceof ResponseError)
        return failure(await errorOf(error.response, signal));
      if (signal?.aborted || isAbort(error) || error instanceof FetchError && isAbort(error.cause)) {
        return failure({ status: 0, code: "aborted", message: "the request was aborted" });
      }
      if (error instanceof RequiredError) {
        return failure({ status: 0, code: "invalid_argument", message: error.message, field: error.field });
      }
      return failure({ status: 0, code: "network", message: describe(error) });
    }
    const etag = response.headers.get("ETag");
    let value;
    try {
      value = reader === "json" ? await response.json() : reader === "text" ? await response.text() : void 0;
    } catch (error) {
      if (signal?.aborted || isAbort(error)) {
        return failure({ status: 0, code: "aborted", message: "the request was aborted" });
      }
      return failure({ status: response.status, code: "invalid_response", message: describe(error) });
    }
    return etag === null ? { ok: true, value } : { ok: true, value, etag };
  }
};

// src/view/port.ts
var as = (call) => call;
var Port = class {
  constructor(server, fetch2) {
    this.client = new TesseraClient(server, fetch2 ? { fetch: fetch2 } : {});
  }
  createSession(body) {
    return as(this.client.createSession(body));
  }
  getSession(id) {
    return as(this.client.getSession(id));
  }
  elements(id, rect, signal) {
    return as(this.client.elements(id, rect, { signal }));
  }
  patchView(id, body) {
    return as(this.client.patchView(id, body));
  }
  scrollToItem(id, body) {
    return as(this.client.scrollToItem(id, body));
  }
  performBatchUpdates(id, body) {
    return as(this.client.performBatchUpdates(id, body));
  }
  applySnapshot(id, body) {
    return as(this.client.applySnapshot(id, body));
  }
  setLayout(id, body) {
    return as(this.client.setLayout(id, body));
  }
};

// src/view/tessera-view.ts
var TesseraViewError = class extends Error {
  constructor(error) {
    super(error.field ? `${error.field}: ${error.message}` : error.message);
    this.name = "TesseraViewError";
    this.status = error.status;
    this.code = error.code;
    if (error.field !== void 0)
      this.field = error.field;
  }
};
var STYLE = `
:host { display: block; position: relative; overflow: auto; contain: strict; height: 300px;
        scrollbar-gutter: stable; overscroll-behavior: contain; will-change: scroll-position;
        background-color: Canvas; }
:host([hidden]) { display: none; }
.content { position: relative; overflow: clip; isolation: isolate; }
`;
var DEFAULT_MARGIN = 0.25;
var SLACK = 0.1;
var OFFSET_SYNC_DELAY = 100;
function defaultRenderer(e) {
  const label = document.createElement("div");
  const path = `${e.indexPath[0]},${e.indexPath[1]}`;
  label.textContent = e.kind ? `${e.kind} ${path}` : path;
  const s = label.style;
  s.width = s.height = "100%";
  s.boxSizing = "border-box";
  s.overflow = "hidden";
  s.font = "12px system-ui, sans-serif";
  s.padding = "2px 4px";
  s.border = "1px solid rgba(0, 0, 0, 0.25)";
  s.background = e.category === "cell" ? "#dbe7f7" : e.category === "supplementary" ? "#f4e3c1" : "rgba(0, 0, 0, 0.06)";
  const shape = listShape(e);
  if (shape) {
    Object.assign(s, listStyle(shape));
    if (shape === "hairline")
      label.textContent = "";
  }
  return label;
}
function sizeOf(value) {
  if (Array.isArray(value) && value.length === 2)
    return { width: Number(value[0]), height: Number(value[1]) };
  if (value && typeof value === "object") {
    const s = value;
    if (typeof s.width === "number" && typeof s.height === "number")
      return { width: s.width, height: s.height };
  }
  return null;
}
function pointOf(value) {
  if (Array.isArray(value) && value.length === 2)
    return { x: Number(value[0]), y: Number(value[1]) };
  if (value && typeof value === "object") {
    const p = value;
    if (typeof p.x === "number" && typeof p.y === "number")
      return { x: p.x, y: p.y };
  }
  return null;
}
var TesseraView = class extends HTMLElement {
  constructor() {
    super();
    /** Draws an element's content (the node goes inside the element's positioned wrapper). */
    this.renderElement = defaultRenderer;
    /** Animation of plans, in milliseconds (0: none) and a CSS easing. */
    this.animationDuration = 300;
    this.animationEasing = "ease-in-out";
    /** Share of the viewport fetched beyond each edge. */
    this.margin = DEFAULT_MARGIN;
    this.port = null;
    this.sid = null;
    this.size = { width: 0, height: 0 };
    /** The bounds the server has. */
    this.bounds = null;
    /** The contentOffset the server has. */
    this.syncedOffset = null;
    /** Whether the session's collection view flips its horizontal axis (right to left): then
     *  nodes go to their visual frames and the scroll position is mirrored. */
    this.flipped = false;
    /** Whether the layout's answers depend on the offset (pinned headers, cover flow): then
     *  every fetch first tells the server the offset. Learnt from PATCH …/view answers. */
    this.offsetSensitive = false;
    /** Whether a PATCH of the offset alone has been answered since the layout was set. */
    this.offsetProbed = false;
    /** Bumped by every change: answers asked for before it are dropped. */
    this.generation = 0;
    /** The version of the last change; older element answers are stale. */
    this.changeVersion = 0;
    this.versionSeen = 0;
    /** The rect whose elements are placed. */
    this.fetched = null;
    this.cycleRunning = false;
    this.dirty = false;
    this.controller = null;
    this.busy = 0;
    this.pendingChanges = 0;
    this.changes = Promise.resolve();
    this.offsetTimer = 0;
    this.smoothTimer = 0;
    this.offsetSyncing = null;
    this.lastOffset = { x: 0, y: 0 };
    this.direction = { x: 0, y: 0 };
    this.idleWaiters = [];
    this.opened = null;
    /** The last failure reported while opening (whenIdle also wakes on one). */
    this.failure = null;
    const root = this.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = STYLE;
    this.content = document.createElement("div");
    this.content.className = "content";
    this.content.setAttribute("part", "content");
    this.content.appendChild(document.createElement("slot"));
    root.append(style, this.content);
    this.stage = new Stage(this, () => this.renderElement);
    this.resizeObserver = new ResizeObserver(() => this.onResize());
    this.addEventListener("scroll", () => this.onScroll(), { passive: true });
  }
  static get observedAttributes() {
    return ["server", "session-id"];
  }
  connectedCallback() {
    this.resizeObserver.observe(this);
    const id = this.getAttribute("session-id");
    if (id && !this.opened)
      this.opened = this.open({ sessionId: id }).catch((e) => this.report(e));
  }
  disconnectedCallback() {
    this.resizeObserver.disconnect();
    this.controller?.abort();
  }
  attributeChangedCallback(name, old, value) {
    if (name === "session-id" && value && value !== old && value !== this.sid && this.isConnected) {
      this.opened = this.open({ sessionId: value }).catch((e) => this.report(e));
    }
  }
  // MARK: Public state
  /** The session's id (null before `open`). */
  get sessionId() {
    return this.sid;
  }
  /** The session's latest version this element knows. */
  get version() {
    return this.versionSeen;
  }
  get contentSize() {
    return { ...this.size };
  }
  /** The element that holds the placed nodes: its top-left corner is the content's origin. */
  get contentElement() {
    return this.content;
  }
  /** The rect whose elements are placed (the visible rect and its margin). */
  get placedRect() {
    return this.fetched && { ...this.fetched };
  }
  /** Whether the session says its axis is flipped (docs/layout-direction.md): read when the
   *  session is opened and after `setLayout`. */
  get axisFlipped() {
    return this.flipped;
  }
  /** The visible rect, in content coordinates (the layout's space, as the API takes rects):
   *  the bounds at the scroll position, mirrored when the axis is flipped. */
  visibleRect() {
    const view = { width: this.clientWidth, height: this.clientHeight };
    return layoutRect({ left: this.scrollLeft, top: this.scrollTop }, view, this.mirrorWidth());
  }
  /** Nothing in flight, nothing waiting, the server's view at the element's scroll position,
   *  and the visible rect's elements placed. */
  get idle() {
    return this.quiet() && this.offsetHeld();
  }
  /** Nothing in flight or waiting, and the visible rect's elements placed. */
  quiet() {
    return this.sid !== null && !this.cycleRunning && !this.dirty && this.busy === 0 && this.pendingChanges === 0 && this.offsetSyncing === null && this.offsetTimer === 0 && this.smoothTimer === 0 && this.fetched !== null && !this.needsFetch();
  }
  /** Whether the server has the scroll position. A position set from script moves at once but
   *  its scroll event comes with the next frame: until then the placed rect may still hold the
   *  view while the server (and, with pinned headers, the placed elements) has the old offset. */
  offsetHeld() {
    return samePoint(this.currentOffset(), this.syncedOffset);
  }
  /** Resolves once the element is idle (or a failure was reported: `tessera-error`). */
  whenIdle() {
    if (this.idle)
      return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
  // MARK: Opening a session
  /** Creates the session from `body`, or takes `sessionId`, and shows it. Resolves when the
   *  visible elements are placed. */
  async open(options) {
    const server = options.server ?? this.getAttribute("server") ?? location.origin;
    const port = new Port(server, options.fetch);
    this.reset();
    this.port = port;
    const size = { width: this.clientWidth, height: this.clientHeight };
    const measured = size.width > 0 && size.height > 0;
    let offset = { x: 0, y: 0 };
    let contentSize;
    let id;
    let flipped = false;
    if (options.body) {
      const view = { ...options.body.view ?? {} };
      if (measured)
        view.bounds = size;
      const answer = await port.createSession({ ...options.body, view });
      if (!answer.ok)
        throw new TesseraViewError(answer.error);
      id = answer.value.id;
      contentSize = answer.value.contentSize;
      this.noteVersion(answer.value.version);
      offset = pointOf(view.contentOffset) ?? offset;
      this.bounds = sizeOf(view.bounds);
      flipped = await this.readAxis(port, id);
    } else if (options.sessionId) {
      id = options.sessionId;
      const session = await port.getSession(id);
      if (!session.ok)
        throw new TesseraViewError(session.error);
      contentSize = session.value.contentSize;
      offset = session.value.view.contentOffset;
      this.bounds = session.value.view.bounds;
      flipped = session.value.axisFlipped === true;
      this.noteVersion(session.value.version);
    } else {
      throw new TypeError("open needs a body or a sessionId");
    }
    if (this.port !== port)
      return;
    this.sid = id;
    this.flipped = flipped;
    this.changeVersion = this.versionSeen;
    this.setContentSize(contentSize);
    this.scrollToOffset(offset);
    this.syncedOffset = offset;
    this.lastOffset = this.currentOffset();
    if (measured && !(this.bounds && this.bounds.width === size.width && this.bounds.height === size.height)) {
      await this.resize(size);
    }
    this.failure = null;
    this.requestCycle();
    await this.whenIdle();
    if (this.failure)
      throw this.failure;
    this.dispatchEvent(new CustomEvent("tessera-ready", { detail: { sessionId: id } }));
  }
  reset() {
    this.generation++;
    this.controller?.abort();
    this.stage.clear();
    this.sid = null;
    this.port = null;
    this.fetched = null;
    this.bounds = null;
    this.syncedOffset = null;
    this.flipped = false;
    this.offsetSensitive = this.offsetProbed = false;
    this.changeVersion = this.versionSeen = 0;
    if (this.offsetTimer)
      clearTimeout(this.offsetTimer);
    this.offsetTimer = 0;
  }
  // MARK: Changes
  /** Scrolls so that the item (or, with `kind`, its supplementary view) is at `position`, as
   *  `scrollToItem(at:at:animated:)` does: the server computes the offset and stores it. */
  scrollToItem(indexPath, position, options = {}) {
    return this.change(async (port, id) => {
      const body = { indexPath, apply: true, animated: options.animated === true };
      if (position !== void 0)
        body.position = position;
      if (options.kind !== void 0)
        body.kind = options.kind;
      await this.syncOffsetNow();
      const answer = await port.scrollToItem(id, body);
      if (!answer.ok)
        throw new TesseraViewError(answer.error);
      const v = answer.value;
      this.noteVersion(v.version);
      this.syncedOffset = v.contentOffset;
      if (options.animated === true)
        this.beginSmoothScroll();
      this.scrollToOffset(v.contentOffset, options.animated === true);
      this.requestCycle();
      return v;
    });
  }
  /** performBatchUpdates: `updates` is the operations (or the whole body of POST …/updates). */
  performBatchUpdates(updates, options = {}) {
    const body = Array.isArray(updates) ? { updates } : { ...updates };
    return this.planned(body, options, (port, id, b) => port.performBatchUpdates(id, b));
  }
  /** Applies a diffable snapshot (the body of PUT …/snapshot). */
  applySnapshot(snapshot, options = {}) {
    return this.planned({ ...snapshot }, options, (port, id, b) => port.applySnapshot(id, b));
  }
  /** Switches to another layout, animated (a layout object, or the body of PUT …/layout). */
  setLayout(layout, options = {}) {
    const body = typeof layout.type === "string" ? { layout } : { ...layout };
    return this.planned(body, options, (port, id, b) => port.setLayout(id, b), true).then((answer) => {
      this.offsetSensitive = this.offsetProbed = false;
      return answer;
    });
  }
  /** Asks the server for the placed elements again. */
  refresh() {
    this.fetched = null;
    this.requestCycle();
  }
  /** Runs changes one at a time, in order. */
  change(work) {
    const port = this.port, id = this.sid;
    if (!port || !id)
      return Promise.reject(new Error("<tessera-view> has no session: call open first"));
    this.pendingChanges++;
    const run = this.changes.then(async () => {
      this.busy++;
      this.generation++;
      this.controller?.abort();
      try {
        return await work(port, id);
      } finally {
        this.busy--;
        this.pendingChanges--;
        this.requestCycle();
        this.settle();
      }
    });
    this.changes = run.catch(() => void 0);
    return run;
  }
  /** A change that answers a plan: sent with the placed rect and the anchor, then played.
   *  `changesLayout`: the other layout may flip the axis where this one did not (or the other
   *  way), so the session is asked again before the plan is played. */
  planned(body, options, send, changesLayout = false) {
    return this.change(async (port, id) => {
      await this.syncOffsetNow();
      if (!("anchor" in body))
        body.anchor = options.anchor === void 0 ? "firstVisible" : options.anchor;
      if (!("rect" in body))
        body.rect = this.fetched ?? this.requestRect();
      const answer = await send(port, id, body);
      if (!answer.ok)
        throw new TesseraViewError(answer.error);
      const v = answer.value;
      this.noteVersion(v.version);
      this.changeVersion = Math.max(this.changeVersion, v.version);
      this.generation++;
      this.setContentSize(v.contentSize);
      const flippedBefore = this.flipped;
      if (changesLayout)
        this.flipped = await this.readAxis(port, id);
      if (v.contentOffset) {
        this.scrollToOffset(v.contentOffset);
        this.syncedOffset = v.contentOffset;
        this.lastOffset = this.currentOffset();
      }
      this.fetched = null;
      if (v.plan) {
        const mirror = { from: flippedBefore ? this.size.width : null, to: this.mirrorWidth() };
        await playPlan(this.stage, v.plan, v.contentOffsetAdjustment ?? { x: 0, y: 0 }, {
          duration: this.animationDuration,
          easing: this.animationEasing
        }, mirror);
      }
      return v;
    });
  }
  // MARK: Scrolling and fetching
  /** The content's width when the axis is flipped (what the screen mirrors across), else null. */
  mirrorWidth() {
    return this.flipped ? this.size.width : null;
  }
  /** GET the session: whether its axis is flipped. */
  async readAxis(port, id) {
    const session = await port.getSession(id);
    if (!session.ok)
      throw new TesseraViewError(session.error);
    this.noteVersion(session.value.version);
    return session.value.axisFlipped === true;
  }
  /** The view's contentOffset (the layout's space) at the scroll position. */
  currentOffset() {
    return { x: flippedOffsetX(this.scrollLeft, this.mirrorWidth(), this.clientWidth), y: this.scrollTop };
  }
  scrollToOffset(o, smooth = false) {
    const left = flippedOffsetX(o.x, this.mirrorWidth(), this.clientWidth);
    this.scrollTo({ left, top: o.y, behavior: smooth ? "smooth" : "instant" });
  }
  /** An animated scroll is under way until `scrollend` (or, where there is none, 2 s). */
  beginSmoothScroll() {
    if (this.smoothTimer)
      clearTimeout(this.smoothTimer);
    const end = () => {
      if (!this.smoothTimer)
        return;
      clearTimeout(this.smoothTimer);
      this.smoothTimer = 0;
      this.removeEventListener("scrollend", end);
      this.onScroll();
      this.settle();
    };
    this.smoothTimer = window.setTimeout(end, 2e3);
    this.addEventListener("scrollend", end);
  }
  setContentSize(size) {
    if (size.width === this.size.width && size.height === this.size.height)
      return;
    this.size = { width: size.width, height: size.height };
    this.content.style.width = `${size.width}px`;
    this.content.style.height = `${size.height}px`;
  }
  onScroll() {
    const o = this.currentOffset();
    this.direction = { x: Math.sign(o.x - this.lastOffset.x), y: Math.sign(o.y - this.lastOffset.y) };
    this.lastOffset = o;
    if (!this.sid)
      return;
    if (this.offsetSensitive)
      return this.requestCycle();
    if (this.needsFetch())
      this.requestCycle();
    this.scheduleOffsetSync();
  }
  /** Whether the placed rect no longer holds the visible rect with some slack ahead. */
  needsFetch() {
    if (!this.fetched)
      return true;
    const v = this.visibleRect();
    const slack = Math.min(SLACK, 0.4 * Math.max(0, this.margin));
    const sx = slack * v.width, sy = slack * v.height;
    return !contains(this.fetched, integral(clipped(outset(v, sx, sy, sx, sy), this.size)));
  }
  /** The visible rect and its margin (most of it ahead while scrolling), cut to the content. */
  requestRect() {
    const v = this.visibleRect();
    const mx = this.margin * v.width, my = this.margin * v.height;
    const split = (m, d) => d > 0 ? [0.4 * m, 1.6 * m] : d < 0 ? [1.6 * m, 0.4 * m] : [m, m];
    const [left, right] = split(mx, this.direction.x);
    const [top, bottom] = split(my, this.direction.y);
    return integral(clipped(outset(v, left, top, right, bottom), this.size));
  }
  requestCycle() {
    this.dirty = true;
    if (!this.cycleRunning)
      void this.cycle();
  }
  /** Fetches and places the elements near the visible rect, one request at a time, until
   *  they hold it. */
  async cycle() {
    this.cycleRunning = true;
    try {
      while (this.dirty && this.port && this.sid && this.busy === 0) {
        this.dirty = false;
        const port = this.port, id = this.sid, generation = this.generation;
        if (this.offsetSensitive) {
          await this.syncOffsetNow();
          if (generation !== this.generation)
            continue;
        }
        const asked = this.visibleRect();
        const rect = this.requestRect();
        const controller = new AbortController();
        this.controller = controller;
        const requested = performance.now();
        const answer = await port.elements(id, rect, controller.signal);
        if (this.controller === controller)
          this.controller = null;
        if (generation !== this.generation || this.port !== port) {
          this.dirty = true;
          continue;
        }
        if (!answer.ok) {
          if (answer.error.code !== "aborted")
            this.report(new TesseraViewError(answer.error));
          break;
        }
        const v = answer.value;
        this.noteVersion(v.version);
        if (v.version < this.changeVersion || !intersects(rect, this.visibleRect())) {
          this.dirty = true;
          continue;
        }
        this.setContentSize(v.contentSize);
        this.stage.show(v.elements);
        this.fetched = rect;
        this.dispatchEvent(new CustomEvent("tessera-placed", {
          detail: { rect, version: v.version, count: v.elements.length, requested, time: performance.now() }
        }));
        const now = this.visibleRect();
        if (this.needsFetch() && (now.x !== asked.x || now.y !== asked.y))
          this.dirty = true;
      }
    } finally {
      this.cycleRunning = false;
      this.settle();
    }
  }
  // MARK: The server's view
  /** Until the server has said whether the layout depends on the offset, the offset is sent
   *  at most every OFFSET_SYNC_DELAY ms while scrolling; once it has said no, only when the
   *  scrolling pauses that long (and before every change). */
  scheduleOffsetSync() {
    if (this.offsetProbed && this.offsetTimer) {
      clearTimeout(this.offsetTimer);
      this.offsetTimer = 0;
    }
    if (this.offsetTimer || this.offsetSyncing)
      return;
    this.offsetTimer = window.setTimeout(() => {
      this.offsetTimer = 0;
      void this.syncOffsetNow().catch((e) => this.report(e)).finally(() => this.settle());
    }, OFFSET_SYNC_DELAY);
  }
  /** Tells the server the view's offset (PATCH …/view), one request at a time. */
  async syncOffsetNow() {
    while (this.offsetSyncing)
      await this.offsetSyncing;
    const port = this.port, id = this.sid;
    const o = this.currentOffset();
    if (!port || !id || samePoint(o, this.syncedOffset))
      return;
    const run = (async () => {
      try {
        const answer = await port.patchView(id, { contentOffset: o });
        if (!answer.ok)
          return this.report(new TesseraViewError(answer.error));
        this.noteVersion(answer.value.version);
        if (this.port !== port)
          return;
        this.syncedOffset = o;
        this.offsetProbed = true;
        if (answer.value.invalidated && !this.offsetSensitive) {
          this.offsetSensitive = true;
          this.fetched = null;
          this.requestCycle();
        }
      } finally {
        this.offsetSyncing = null;
      }
    })();
    this.offsetSyncing = run;
    await run;
    if (!this.offsetSensitive && !samePoint(this.currentOffset(), this.syncedOffset))
      this.scheduleOffsetSync();
    this.settle();
  }
  onResize() {
    const size = { width: this.clientWidth, height: this.clientHeight };
    if (!this.sid || size.width === 0 || size.height === 0)
      return;
    if (this.bounds && this.bounds.width === size.width && this.bounds.height === size.height)
      return;
    this.resize(size).catch((e) => this.report(e));
  }
  /** PATCH …/view with the element's size as bounds. */
  resize(size) {
    return this.change(async (port, id) => {
      const answer = await port.patchView(id, { bounds: size });
      if (!answer.ok)
        throw new TesseraViewError(answer.error);
      this.bounds = size;
      this.noteVersion(answer.value.version);
      this.changeVersion = Math.max(this.changeVersion, answer.value.version);
      this.setContentSize(answer.value.contentSize);
      this.fetched = null;
    });
  }
  // MARK: Bookkeeping
  noteVersion(version) {
    if (version > this.versionSeen)
      this.versionSeen = version;
  }
  settle() {
    if (this.idle)
      return this.wake();
    if (this.quiet() && this.failure === null) {
      if (this.offsetSensitive)
        this.requestCycle();
      else
        this.scheduleOffsetSync();
    }
  }
  wake() {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters)
      resolve();
  }
  /** A failure outside a call the page made: a `tessera-error` event (detail: the error). */
  report(error) {
    this.failure = error;
    this.dispatchEvent(new CustomEvent("tessera-error", { detail: error }));
    this.wake();
  }
};
if (!customElements.get("tessera-view"))
  customElements.define("tessera-view", TesseraView);
export {
  TesseraView,
  TesseraViewError
};
