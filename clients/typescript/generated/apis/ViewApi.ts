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
    ComputeLayout400Response,
    ComputeLayout408Response,
    ComputeLayout413Response,
    ComputeLayout414Response,
    ComputeLayout417Response,
    ComputeLayout431Response,
    ConflictError,
    DeleteSession412Response,
    GetSession503Response,
    NotFoundError,
    ViewInput,
    ViewUpdate,
} from '../models/index.js';

export interface UpdateViewRequest {
    /**
     * The session's id as `POST /v1/sessions` gave it (32 lowercase hex digits). An
     * unknown, deleted or expired id is a 404 naming `id`.
     * 
     */
    id: string;
    /**
     * The members to change. A body of `null` is the same as `{}`.
     */
    viewInput: ViewInput | null;
    /**
     * Apply only if the session is at this version. The value is the version as `ETag`
     * gives it (`"3"`); `3` and `W/"3"` are accepted too, and `*` or an empty value
     * means no condition. A value that is not a version number is a 400 naming
     * `If-Match`; another version is a 412.
     * 
     */
    ifMatch?: string;
}

/**
 * 
 */
export class ViewApi extends runtime.BaseAPI {

    /**
     * Creates request options for updateView without sending the request
     */
    async updateViewRequestOpts(requestParameters: UpdateViewRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['id'] == null) {
            throw new runtime.RequiredError(
                'id',
                'Required parameter "id" was null or undefined when calling updateView().'
            );
        }

        if (requestParameters['viewInput'] === undefined) {
            throw new runtime.RequiredError(
                'viewInput',
                'Required parameter "viewInput" was undefined when calling updateView().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (requestParameters['ifMatch'] != null) {
            headerParameters['If-Match'] = String(requestParameters['ifMatch']);
        }


        let urlPath = `/v1/sessions/{id}/view`;
        urlPath = urlPath.replace('{id}', encodeURIComponent(String(requestParameters['id'])));

        return {
            path: urlPath,
            method: 'PATCH',
            headers: headerParameters,
            query: queryParameters,
            body: requestParameters['viewInput'],
        };
    }

    /**
     * Changes any of the view\'s `bounds`, `contentOffset`, `contentInset`, `scale`, `orthogonalOffsets` and `layoutDirection` (members left out keep their values; `{}` changes nothing but still makes a new version). The layout is asked what the change invalidates (shouldInvalidateLayout(forBoundsChange:)): `invalidated` is its answer, and `invalidation` says how much: the whole layout (prepared again, e.g. a flow layout whose width changed, or any layout whose view changed direction), all attributes (e.g. the cover flow\'s transforms on every scroll), or only some elements (e.g. pinned headers). The session moves to a new version, given in the reply and in `ETag`.  ```sh curl -s -X PATCH http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/view \\   -H \'Content-Type: application/json\' -H \'If-Match: \"1\"\' \\   -d \'{\"contentOffset\": {\"x\": 0, \"y\": 120}}\' ```  With `If-Match`, the change applies only to that version (412 otherwise). A 409 `conflict` means other changes kept landing while this one was computed; retry. 
     * Scroll or resize the view
     */
    async updateViewRaw(requestParameters: UpdateViewRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<ViewUpdate>> {
        const requestOptions = await this.updateViewRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * Changes any of the view\'s `bounds`, `contentOffset`, `contentInset`, `scale`, `orthogonalOffsets` and `layoutDirection` (members left out keep their values; `{}` changes nothing but still makes a new version). The layout is asked what the change invalidates (shouldInvalidateLayout(forBoundsChange:)): `invalidated` is its answer, and `invalidation` says how much: the whole layout (prepared again, e.g. a flow layout whose width changed, or any layout whose view changed direction), all attributes (e.g. the cover flow\'s transforms on every scroll), or only some elements (e.g. pinned headers). The session moves to a new version, given in the reply and in `ETag`.  ```sh curl -s -X PATCH http://localhost:8080/v1/sessions/3f9c2a7be0d14c6f8a51d2e7b9c04a13/view \\   -H \'Content-Type: application/json\' -H \'If-Match: \"1\"\' \\   -d \'{\"contentOffset\": {\"x\": 0, \"y\": 120}}\' ```  With `If-Match`, the change applies only to that version (412 otherwise). A 409 `conflict` means other changes kept landing while this one was computed; retry. 
     * Scroll or resize the view
     */
    async updateView(requestParameters: UpdateViewRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<ViewUpdate> {
        const response = await this.updateViewRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
