/* tslint:disable */
/* eslint-disable */
/**
 * Tessera layout service
 * Tessera is a headless UICollectionView layout service. A client describes a collection view (a layout, a data source and the view\'s geometry) and gets back what UIKit\'s layout object would answer: the content size and the attributes (frame, zIndex, alpha, transform3D, ...) of every cell, supplementary view and decoration view. It can do so once (`POST /v1/layout`) or keep the prepared layout in a session that later requests query and scroll (`/v1/sessions/...`).  This document is the HTTP contract; the server conforms to it. The behaviour behind it is documented in the repository\'s `docs/` folder: [docs/api.md](docs/api.md) (the conventions below, at more length), [docs/flow.md](docs/flow.md) (the flow layout\'s rules R1–R16), [docs/layouts.md](docs/layouts.md) (the other layouts, §0–§8) and [docs/compositional.md](docs/compositional.md) (the compositional layout, C1–C15, D1–D7).  ## Conventions  * JSON in and out (`application/json; charset=utf-8`), UTF-8, strict RFC 8259: no   trailing garbage, no comments, no NaN or infinities, no number that overflows a   double, at most 64 levels of nesting. Anything else is a 400 `invalid_json`. * Request objects are strict: an unknown key or a duplicate key is a 400   `invalid_request` naming it (a typo is never ignored silently). Members marked   nullable may be sent as `null`, which means the same as leaving them out. * Geometry: a size is `{\"width\", \"height\"}`, a point `{\"x\", \"y\"}`, a rect   `{\"x\", \"y\", \"width\", \"height\"}`, insets `{\"top\", \"left\", \"bottom\", \"right\"}`.   On input a size may also be written `[w, h]`, a point `[x, y]`, a rect   `[x, y, w, h]` (compact forms for long lists), and insets as one number for all   four edges (missing edges of an insets object are 0). In a query string a rect is   `rect=x,y,w,h`. Replies always use the object forms. * Sizes (and a rect\'s width and height) must not be negative. Numbers other than   counts and indexes must lie within ±10^15, far past any screen (a 400   `is out of range` beyond). * Index paths are `[section, item]` arrays. * Numbers are IEEE doubles. Integral values are written without a fraction (`100`,   not `100.0`); others in the shortest form that reads back to the same double. * Errors: a 4xx or 5xx status and   `{\"error\": {\"code\": \"...\", \"message\": \"...\", \"field\": \"...\"}}` where `field`   (optional) is the JSON path of the offending input, e.g.   `dataSource.sections[2].layout.minimumLineSpacing`, or the name of the query   parameter, path parameter or header. A rejected request changes nothing. * Codes: `invalid_json` and `invalid_request` (400), `not_found` (404: no such   session or element, or no such path), `method_not_allowed` (405, with an `Allow`   header; see the `MethodNotAllowed` response), `conflict` (409: an interactive   transition or movement is under way, or none is where one is needed, or the   session kept changing), `precondition_failed` (412), `payload_too_large` (413,   bodies over the server\'s limit, 64 MiB by default), `uri_too_long` (414),   `expectation_failed` (417, an `Expect` other than `100-continue`),   `invalid_update` (422, a batch update UIKit would refuse),   `duplicate_item_identifiers`, `duplicate_section_identifiers`,   `unknown_item_identifier`, `unknown_section_identifier`, `no_sections`,   `item_data_required`, `no_identifiers` and `has_identifiers` (422, a snapshot or   an identifier operation refused, with UIKit\'s message where UIKit has one; see the   `snapshots` operations), `headers_too_large`   (431), `not_implemented` (501, an unknown request method or transfer coding),   `http_version_not_supported` (505), `request_timeout` (408, a request head that took   longer than the head deadline, or a body that arrived slower than the minimum rate), `too_many_sessions` (503, with `Retry-After`) and   `server_busy` (503, with `Retry-After`: the worker queue is full, a request waited   in it past its budget, its body does not fit in the bytes held for bodies in flight   or in its client\'s share of them, or unread replies fill theirs). The HTTP layer\'s own refusals (408, 413, 414, 417,   431, 501, 505, and 503 for a body that does not fit) close the connection.   `internal_error` (500) is never expected; one is a bug (a reply that would have held a   number that is not finite is answered 500 rather than sent with `null`). * Limits on what one request may ask (each a 400 naming the field, or as said): an   object has at most 64 keys (`view.orthogonalOffsets`, a map, one per section); a reply lists at most 250,000 elements or animation   plan entries, with or without a rect (400 naming `rect`; the query stops there); a   session holds at most 2,000 sections (400 naming `dataSource.sections`, or 422 for   an update that would leave more); only the tree layout takes an item\'s   `children`. A layout\'s derived geometry (the waterfall\'s cell heights scaled from   an aspect ratio) must stay within ±10^15, or the item is refused. * Sessions carry a `version` that every change increments. Replies about a session   carry it as a strong `ETag` (`\"3\"`); `If-Match` on a change makes it conditional   (412 when the session has moved on). Sessions unused for 15 minutes (by default)   expire and then answer 404. * Every reply carries `X-Request-ID`: the request\'s own when it sent one of 1 to 128   letters, digits and `-_.:/+=@`, otherwise a new one (32 hex digits). Access log   lines carry the same id. * HEAD is accepted wherever GET is, with the same status and headers and no body.   OPTIONS on any path of this document answers 204 with `Allow`. * Changes that UIKit animates (batch updates, snapshots, layout switches, the end of   an interactive movement) answer an animation plan: for every element in the   requested rect, where it starts and where it ends (`PlanEntry`). * Sections and items may carry identifiers (`id`, `itemIds`), as a diffable data   source\'s do; a session created with them is changed by snapshot   (`PUT /v1/sessions/{id}/snapshot`, [docs/snapshots.md](docs/snapshots.md)) and   identifier operations instead of batch updates by index path.  ## Limits (defaults; the operator may change them)  * 5,000,000 items per session or one-shot request (400 beyond). * 50,000,000 items across all sessions and 1,024 sessions (503 beyond). * 250,000 elements (or animation plan entries) in one reply, with or without a   `rect` (400 naming `rect` beyond: ask for a smaller one). * 2,000 sections per session or one-shot request. * 64 MiB per request body (413 beyond), 256 MiB of bodies held at once, 64 requests   waiting for a worker, 10 s of waiting (503 `server_busy` beyond each). * A request head within 20 s of its first byte (408 beyond), and a body at 16 KiB/s on   average from 10 s after its head (408 beyond); a quarter of the bodies in flight per   client address (503 `server_busy` beyond).  ## Quick start  ```sh curl -s http://localhost:8080/v1/layout -H \'Content-Type: application/json\' -d \'{   \"layout\": {\"type\": \"flow\", \"itemSize\": [100, 100], \"headerReferenceSize\": [0, 44]},   \"dataSource\": {\"sections\": [{\"itemCount\": 5}]},   \"view\": {\"bounds\": [390, 844], \"scale\": 3},   \"rect\": [0, 0, 390, 100]}\' ``` 
 *
 * The version of the OpenAPI document: 1.0.0
 * 
 *
 * NOTE: This class is auto generated by OpenAPI Generator (https://openapi-generator.tech).
 * https://openapi-generator.tech
 * Do not edit the class manually.
 */

import * as runtime from '../runtime.js';
import type {
    ComputeLayout408Response,
    ComputeLayout414Response,
    ComputeLayout417Response,
    ComputeLayout431Response,
    ComputeLayout507Response,
    Element,
    ElementsPage,
    GetSession503Response,
    InvalidRequestError,
    NotFoundError,
} from '../models/index.js';

export interface GetDecorationViewRequest {
    /**
     * The session's id as `POST /v1/sessions` gave it (32 lowercase hex digits). An
     * unknown, deleted or expired id is a 404 naming `id`.
     * 
     */
    id: string;
    /**
     * The decoration kind, e.g. `reflection` (cover flow), `background` (circle).
     */
    kind: string;
    /**
     * The section index, a non-negative decimal integer (anything else is a 400 naming `section`).
     */
    section: number;
    /**
     * The item index, a non-negative decimal integer (anything else is a 400 naming `item`).
     */
    item: number;
}

export interface GetItemRequest {
    /**
     * The session's id as `POST /v1/sessions` gave it (32 lowercase hex digits). An
     * unknown, deleted or expired id is a 404 naming `id`.
     * 
     */
    id: string;
    /**
     * The section index, a non-negative decimal integer (anything else is a 400 naming `section`).
     */
    section: number;
    /**
     * The item index, a non-negative decimal integer (anything else is a 400 naming `item`).
     */
    item: number;
}

export interface GetSupplementaryViewRequest {
    /**
     * The session's id as `POST /v1/sessions` gave it (32 lowercase hex digits). An
     * unknown, deleted or expired id is a 404 naming `id`.
     * 
     */
    id: string;
    /**
     * The supplementary kind, e.g. `header`, `footer` (flow, line, waterfall, cover flow), `connector` (tree).
     */
    kind: string;
    /**
     * The section index, a non-negative decimal integer (anything else is a 400 naming `section`).
     */
    section: number;
    /**
     * The item index, a non-negative decimal integer (anything else is a 400 naming `item`).
     */
    item: number;
}

export interface ListElementsRequest {
    /**
     * The session's id as `POST /v1/sessions` gave it (32 lowercase hex digits). An
     * unknown, deleted or expired id is a 404 naming `id`.
     * 
     */
    id: string;
    /**
     * The query rectangle `x,y,width,height`: four decimal numbers within ±10^15 (at most
     * 15 digits before the point; an exponent, if any, negative), width and height not
     * negative. Leave it out for every element.
     * 
     */
    rect?: string;
    /**
     * Only during an interactive transition: how far it has gone, a decimal number from
     * 0 (the current layout) to 1 (the target layout). Outside a transition, or out of
     * range, a 400 naming `progress`. When the axis is flipped for either layout, each
     * element's `visualFrame` is the interpolation of where the two layouts draw it.
     * 
     */
    progress?: number;
}

export interface RenderSessionRequest {
    /**
     * The session's id as `POST /v1/sessions` gave it (32 lowercase hex digits). An
     * unknown, deleted or expired id is a 404 naming `id`.
     * 
     */
    id: string;
    /**
     * The query rectangle `x,y,width,height`: four decimal numbers within ±10^15 (at most
     * 15 digits before the point; an exponent, if any, negative), width and height not
     * negative. Leave it out for every element.
     * 
     */
    rect?: string;
    /**
     * Only during an interactive transition: how far it has gone, a decimal number from
     * 0 (the current layout) to 1 (the target layout). Outside a transition, or out of
     * range, a 400 naming `progress`. When the axis is flipped for either layout, each
     * element's `visualFrame` is the interpolation of where the two layouts draw it.
     * 
     */
    progress?: number;
    /**
     * Index-path labels on the elements (`true`, the default, or `false`; `1` and `0` too).
     */
    labels?: RenderSessionLabelsEnum;
    /**
     * Output pixels per layout point, from 0.01 to 64 (default 1): the picture's width
     * and height; lines stay one pixel wide and labels keep a legible size.
     * 
     */
    scale?: number;
    /**
     * Colours for a light (default) or a dark background.
     */
    theme?: RenderSessionThemeEnum;
}

/**
 * 
 */
export class ElementsApi extends runtime.BaseAPI {

    /**
     * Creates request options for getDecorationView without sending the request
     */
    async getDecorationViewRequestOpts(requestParameters: GetDecorationViewRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['id'] == null) {
            throw new runtime.RequiredError(
                'id',
                'Required parameter "id" was null or undefined when calling getDecorationView().'
            );
        }

        if (requestParameters['kind'] == null) {
            throw new runtime.RequiredError(
                'kind',
                'Required parameter "kind" was null or undefined when calling getDecorationView().'
            );
        }

        if (requestParameters['section'] == null) {
            throw new runtime.RequiredError(
                'section',
                'Required parameter "section" was null or undefined when calling getDecorationView().'
            );
        }

        if (requestParameters['item'] == null) {
            throw new runtime.RequiredError(
                'item',
                'Required parameter "item" was null or undefined when calling getDecorationView().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};


        let urlPath = `/v1/sessions/{id}/decorations/{kind}/{section}/{item}`;
        urlPath = urlPath.replace('{id}', encodeURIComponent(String(requestParameters['id'])));
        urlPath = urlPath.replace('{kind}', encodeURIComponent(String(requestParameters['kind'])));
        urlPath = urlPath.replace('{section}', encodeURIComponent(String(requestParameters['section'])));
        urlPath = urlPath.replace('{item}', encodeURIComponent(String(requestParameters['item'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * layoutAttributesForDecorationViewOfKind:atIndexPath: the decoration view of `kind` (`reflection` in the cover flow, `background` in the circle layout, ...) at `[section, item]`; 404 when the layout has none there. `ETag` carries the session\'s version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/decorations/background/0/0 ``` 
     * One decoration view\'s attributes
     */
    async getDecorationViewRaw(requestParameters: GetDecorationViewRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Element>> {
        const requestOptions = await this.getDecorationViewRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * layoutAttributesForDecorationViewOfKind:atIndexPath: the decoration view of `kind` (`reflection` in the cover flow, `background` in the circle layout, ...) at `[section, item]`; 404 when the layout has none there. `ETag` carries the session\'s version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/decorations/background/0/0 ``` 
     * One decoration view\'s attributes
     */
    async getDecorationView(requestParameters: GetDecorationViewRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<Element> {
        const response = await this.getDecorationViewRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getItem without sending the request
     */
    async getItemRequestOpts(requestParameters: GetItemRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['id'] == null) {
            throw new runtime.RequiredError(
                'id',
                'Required parameter "id" was null or undefined when calling getItem().'
            );
        }

        if (requestParameters['section'] == null) {
            throw new runtime.RequiredError(
                'section',
                'Required parameter "section" was null or undefined when calling getItem().'
            );
        }

        if (requestParameters['item'] == null) {
            throw new runtime.RequiredError(
                'item',
                'Required parameter "item" was null or undefined when calling getItem().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};


        let urlPath = `/v1/sessions/{id}/items/{section}/{item}`;
        urlPath = urlPath.replace('{id}', encodeURIComponent(String(requestParameters['id'])));
        urlPath = urlPath.replace('{section}', encodeURIComponent(String(requestParameters['section'])));
        urlPath = urlPath.replace('{item}', encodeURIComponent(String(requestParameters['item'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The attributes of the cell at `[section, item]`; 404 when there is no such item. `ETag` carries the session\'s version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/items/1/1 ``` 
     * One cell\'s attributes (layoutAttributesForItemAtIndexPath)
     */
    async getItemRaw(requestParameters: GetItemRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Element>> {
        const requestOptions = await this.getItemRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * The attributes of the cell at `[section, item]`; 404 when there is no such item. `ETag` carries the session\'s version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/items/1/1 ``` 
     * One cell\'s attributes (layoutAttributesForItemAtIndexPath)
     */
    async getItem(requestParameters: GetItemRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<Element> {
        const response = await this.getItemRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getSupplementaryView without sending the request
     */
    async getSupplementaryViewRequestOpts(requestParameters: GetSupplementaryViewRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['id'] == null) {
            throw new runtime.RequiredError(
                'id',
                'Required parameter "id" was null or undefined when calling getSupplementaryView().'
            );
        }

        if (requestParameters['kind'] == null) {
            throw new runtime.RequiredError(
                'kind',
                'Required parameter "kind" was null or undefined when calling getSupplementaryView().'
            );
        }

        if (requestParameters['section'] == null) {
            throw new runtime.RequiredError(
                'section',
                'Required parameter "section" was null or undefined when calling getSupplementaryView().'
            );
        }

        if (requestParameters['item'] == null) {
            throw new runtime.RequiredError(
                'item',
                'Required parameter "item" was null or undefined when calling getSupplementaryView().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};


        let urlPath = `/v1/sessions/{id}/supplementary/{kind}/{section}/{item}`;
        urlPath = urlPath.replace('{id}', encodeURIComponent(String(requestParameters['id'])));
        urlPath = urlPath.replace('{kind}', encodeURIComponent(String(requestParameters['kind'])));
        urlPath = urlPath.replace('{section}', encodeURIComponent(String(requestParameters['section'])));
        urlPath = urlPath.replace('{item}', encodeURIComponent(String(requestParameters['item'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * layoutAttributesForSupplementaryViewOfKind:atIndexPath: the supplementary view of `kind` (`header`, `footer`, `connector`, ...) at `[section, item]`; 404 when the layout has none there (e.g. a flow header whose reference height is 0). A section\'s header and footer are at item 0. `ETag` carries the session\'s version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/supplementary/header/1/0 ``` 
     * One supplementary view\'s attributes
     */
    async getSupplementaryViewRaw(requestParameters: GetSupplementaryViewRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Element>> {
        const requestOptions = await this.getSupplementaryViewRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * layoutAttributesForSupplementaryViewOfKind:atIndexPath: the supplementary view of `kind` (`header`, `footer`, `connector`, ...) at `[section, item]`; 404 when the layout has none there (e.g. a flow header whose reference height is 0). A section\'s header and footer are at item 0. `ETag` carries the session\'s version.  ```sh curl -s http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/supplementary/header/1/0 ``` 
     * One supplementary view\'s attributes
     */
    async getSupplementaryView(requestParameters: GetSupplementaryViewRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<Element> {
        const response = await this.getSupplementaryViewRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listElements without sending the request
     */
    async listElementsRequestOpts(requestParameters: ListElementsRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['id'] == null) {
            throw new runtime.RequiredError(
                'id',
                'Required parameter "id" was null or undefined when calling listElements().'
            );
        }

        const queryParameters: any = {};

        if (requestParameters['rect'] != null) {
            queryParameters['rect'] = requestParameters['rect'];
        }

        if (requestParameters['progress'] != null) {
            queryParameters['progress'] = requestParameters['progress'];
        }

        const headerParameters: runtime.HTTPHeaders = {};


        let urlPath = `/v1/sessions/{id}/elements`;
        urlPath = urlPath.replace('{id}', encodeURIComponent(String(requestParameters['id'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The attributes of every element whose frame intersects `rect` (closed rectangles: shared edges count), cells first, then supplementary views, then decoration views; every element when `rect` is left out. Pinned headers and transforms reflect the session\'s current `contentOffset`. `ETag` carries the version the reply describes.  ```sh curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/elements?rect=0,0,390,200\' ```  During an interactive transition (`POST .../transition`), `progress` (0 to 1) answers the attributes interpolated between the current layout (0) and the target layout (1), and the interpolated content size; without `progress`, the current layout\'s. `progress` outside a transition is a 400.  ```sh curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/elements?rect=0,0,390,100&progress=0.5\' ```  `rect` and `progress` are the only query parameters; any other is a 400 naming it. A query that would list more elements than one reply carries (250,000 by default), with or without `rect`, is a 400 naming `rect`: the query stops there. 
     * Elements in a rect (layoutAttributesForElementsInRect)
     */
    async listElementsRaw(requestParameters: ListElementsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<ElementsPage>> {
        const requestOptions = await this.listElementsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * The attributes of every element whose frame intersects `rect` (closed rectangles: shared edges count), cells first, then supplementary views, then decoration views; every element when `rect` is left out. Pinned headers and transforms reflect the session\'s current `contentOffset`. `ETag` carries the version the reply describes.  ```sh curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/elements?rect=0,0,390,200\' ```  During an interactive transition (`POST .../transition`), `progress` (0 to 1) answers the attributes interpolated between the current layout (0) and the target layout (1), and the interpolated content size; without `progress`, the current layout\'s. `progress` outside a transition is a 400.  ```sh curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/elements?rect=0,0,390,100&progress=0.5\' ```  `rect` and `progress` are the only query parameters; any other is a 400 naming it. A query that would list more elements than one reply carries (250,000 by default), with or without `rect`, is a 400 naming `rect`: the query stops there. 
     * Elements in a rect (layoutAttributesForElementsInRect)
     */
    async listElements(requestParameters: ListElementsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<ElementsPage> {
        const response = await this.listElementsRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for renderSession without sending the request
     */
    async renderSessionRequestOpts(requestParameters: RenderSessionRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['id'] == null) {
            throw new runtime.RequiredError(
                'id',
                'Required parameter "id" was null or undefined when calling renderSession().'
            );
        }

        const queryParameters: any = {};

        if (requestParameters['rect'] != null) {
            queryParameters['rect'] = requestParameters['rect'];
        }

        if (requestParameters['progress'] != null) {
            queryParameters['progress'] = requestParameters['progress'];
        }

        if (requestParameters['labels'] != null) {
            queryParameters['labels'] = requestParameters['labels'];
        }

        if (requestParameters['scale'] != null) {
            queryParameters['scale'] = requestParameters['scale'];
        }

        if (requestParameters['theme'] != null) {
            queryParameters['theme'] = requestParameters['theme'];
        }

        const headerParameters: runtime.HTTPHeaders = {};


        let urlPath = `/v1/sessions/{id}/render.svg`;
        urlPath = urlPath.replace('{id}', encodeURIComponent(String(requestParameters['id'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The `elements` answer for the same `rect` and `progress`, drawn: every element that is not hidden, in zIndex order (ties keep the layout\'s order), with its alpha and its 3D transform projected as Core Animation shows it (about the frame\'s centre, perspective from m34). Cells, each supplementary kind and each decoration kind have their own colours; labels name index paths (`0,3`, or `header 0,3` when that fits). The content area is outlined, the view\'s bounds at its content offset dotted and the requested rect dashed; the picture is framed to `rect`, or to everything drawn when there is no `rect`. Same session version and query, same bytes.  ```sh curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/render.svg?rect=0,0,390,844&scale=2\' > page.svg ```  A picture with more elements than one reply carries (250,000 by default) is a 400 naming `rect`, with or without a `rect`. Any query parameter not listed here is a 400 naming it. 
     * The elements in a rect, drawn as an SVG picture
     */
    async renderSessionRaw(requestParameters: RenderSessionRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<string>> {
        const requestOptions = await this.renderSessionRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        if (this.isJsonMime(response.headers.get('content-type'))) {
            return new runtime.JSONApiResponse<string>(response);
        } else {
            return new runtime.TextApiResponse(response) as any;
        }
    }

    /**
     * The `elements` answer for the same `rect` and `progress`, drawn: every element that is not hidden, in zIndex order (ties keep the layout\'s order), with its alpha and its 3D transform projected as Core Animation shows it (about the frame\'s centre, perspective from m34). Cells, each supplementary kind and each decoration kind have their own colours; labels name index paths (`0,3`, or `header 0,3` when that fits). The content area is outlined, the view\'s bounds at its content offset dotted and the requested rect dashed; the picture is framed to `rect`, or to everything drawn when there is no `rect`. Same session version and query, same bytes.  ```sh curl -s \'http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/render.svg?rect=0,0,390,844&scale=2\' > page.svg ```  A picture with more elements than one reply carries (250,000 by default) is a 400 naming `rect`, with or without a `rect`. Any query parameter not listed here is a 400 naming it. 
     * The elements in a rect, drawn as an SVG picture
     */
    async renderSession(requestParameters: RenderSessionRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<string> {
        const response = await this.renderSessionRaw(requestParameters, initOverrides);
        return await response.value();
    }

}

/**
 * @export
 */
export const RenderSessionLabelsEnum = {
    True: 'true',
    False: 'false',
    _1: '1',
    _0: '0',
} as const;
export type RenderSessionLabelsEnum = typeof RenderSessionLabelsEnum[keyof typeof RenderSessionLabelsEnum];
/**
 * @export
 */
export const RenderSessionThemeEnum = {
    Light: 'light',
    Dark: 'dark',
} as const;
export type RenderSessionThemeEnum = typeof RenderSessionThemeEnum[keyof typeof RenderSessionThemeEnum];
