// Generated from openapi.yaml (sha256 1521dfe26e4585ff3ee76c34b1171cc81d0beb2fbe9d3f32aa5c5903a814afdc) by scripts/generate-openapi; do not edit.
// swift-format-ignore-file

/// The OpenAPI document `huewall api` serves at /openapi.yaml, as it was generated from.
package enum OpenAPIDocument {
  /// The SHA-256 of openapi.yaml, in hex.
  package static let sha256 = "1521dfe26e4585ff3ee76c34b1171cc81d0beb2fbe9d3f32aa5c5903a814afdc"
  /// The text of openapi.yaml.
  package static let text = #"""
openapi: 3.1.0
info:
  title: Huewall catalogue API
  version: 1.0.0
  summary: The catalogue a Huewall run keeps, read by storefronts and apps.
  description: |
    `huewall api` serves the products of the colour wall in gradient order, filtered and paged,
    and what changed since an app last synced. Every catalogue response carries a strong
    `ETag` (the catalogue's version); send it back in `If-None-Match` and an unchanged
    catalogue answers 304. Errors are `{"error": {"code", "message"}}`.

    On 127.0.0.1 no key is needed. Listening on any other address, every request but
    `/health` needs `Authorization: Bearer KEY`, one of the keys whose SHA-256 `pipeline.json`
    lists in `api.keys`.
  license:
    name: MIT
    identifier: MIT
servers:
  - url: http://127.0.0.1:8090
security:
  - {}
  - bearer: []
paths:
  /v1/products:
    get:
      operationId: listProducts
      summary: The wall's products in gradient order, a page at a time.
      description: |
        Products as `colors.json` has them, a person's colour decision winning over the
        analysis. Filters combine (all must hold). Follow `nextCursor` until it is null; keep
        `syncToken` of the first page for `/v1/changes`.
      parameters:
        - $ref: "#/components/parameters/family"
        - $ref: "#/components/parameters/brand"
        - $ref: "#/components/parameters/q"
        - $ref: "#/components/parameters/hueMin"
        - $ref: "#/components/parameters/hueMax"
        - name: cursor
          in: query
          description: The `nextCursor` of the previous page; absent for the first page.
          schema:
            type: string
            maxLength: 1024
        - name: limit
          in: query
          description: Products on the page.
          schema:
            type: integer
            minimum: 1
            maximum: 500
            default: 48
        - $ref: "#/components/parameters/ifNoneMatch"
      responses:
        "200":
          description: One page of products.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
            Cache-Control:
              $ref: "#/components/headers/CacheControl"
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/ProductPage"
        "304":
          $ref: "#/components/responses/NotModified"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/Unavailable"
  /v1/products/{id}:
    get:
      operationId: getProduct
      summary: One product on the wall.
      parameters:
        - name: id
          in: path
          required: true
          description: The feed's id of the product.
          schema:
            type: string
        - $ref: "#/components/parameters/ifNoneMatch"
      responses:
        "200":
          description: The product.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
            Cache-Control:
              $ref: "#/components/headers/CacheControl"
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Product"
        "304":
          $ref: "#/components/responses/NotModified"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "404":
          $ref: "#/components/responses/NotFound"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/Unavailable"
  /v1/families:
    get:
      operationId: listFamilies
      summary: Each colour family with its count, for filter chips.
      description: |
        Counts under the same filters as `/v1/products` except `family` itself, so that every
        chip shows what choosing it would give.
      parameters:
        - $ref: "#/components/parameters/family"
        - $ref: "#/components/parameters/brand"
        - $ref: "#/components/parameters/q"
        - $ref: "#/components/parameters/hueMin"
        - $ref: "#/components/parameters/hueMax"
        - $ref: "#/components/parameters/ifNoneMatch"
      responses:
        "200":
          description: The families that have products, in wall order.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
            Cache-Control:
              $ref: "#/components/headers/CacheControl"
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/FamilyCounts"
        "304":
          $ref: "#/components/responses/NotModified"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/Unavailable"
  /v1/changes:
    get:
      operationId: listChanges
      summary: What an app that synced at a token must apply.
      description: |
        Products added or changed since `since` (new colours, decision, title, image, …) and
        the ids that left the wall, a page at a time. While `nextCursor` is not null, ask
        again with it and the same `since`; then keep `syncToken` for the next sync. A token
        older than the oldest version the catalogue keeps answers 410: sync in full again.
      parameters:
        - name: since
          in: query
          required: true
          description: A `syncToken` from `/v1/products` or `/v1/changes`.
          schema:
            type: string
            maxLength: 200
          # The token of a catalogue's first wall version.
          example: czEgMQ
        - name: cursor
          in: query
          description: The `nextCursor` of the previous page of this sync.
          schema:
            type: string
            maxLength: 1024
        - name: limit
          in: query
          description: Changes (products and removed ids together) on the page.
          schema:
            type: integer
            minimum: 1
            maximum: 500
            default: 48
        - $ref: "#/components/parameters/ifNoneMatch"
      responses:
        "200":
          description: One page of changes.
          headers:
            ETag:
              $ref: "#/components/headers/ETag"
            Cache-Control:
              $ref: "#/components/headers/CacheControl"
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/ChangePage"
        "304":
          $ref: "#/components/responses/NotModified"
        "400":
          $ref: "#/components/responses/BadRequest"
        "401":
          $ref: "#/components/responses/Unauthorized"
        "410":
          $ref: "#/components/responses/Gone"
        "429":
          $ref: "#/components/responses/TooManyRequests"
        "503":
          $ref: "#/components/responses/Unavailable"
  /health:
    get:
      operationId: health
      summary: Ready once the catalogue is open and its wall read.
      security:
        - {}
      responses:
        "200":
          description: Ready.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Health"
        "503":
          $ref: "#/components/responses/Unavailable"
  /metrics:
    get:
      operationId: metrics
      summary: The process's metrics in Prometheus' text format.
      responses:
        "200":
          description: The metrics.
          content:
            text/plain:
              schema:
                type: string
        "401":
          $ref: "#/components/responses/Unauthorized"
        "429":
          $ref: "#/components/responses/TooManyRequests"
  /openapi.yaml:
    get:
      operationId: openAPIDocument
      summary: This document.
      responses:
        "200":
          description: The OpenAPI document.
          content:
            application/yaml: {}
        "401":
          $ref: "#/components/responses/Unauthorized"
        "429":
          $ref: "#/components/responses/TooManyRequests"
components:
  securitySchemes:
    bearer:
      type: http
      scheme: bearer
  parameters:
    family:
      name: family
      in: query
      description: |
        Only products of this colour family, or whose second family (`secondFamily`) it is.
      schema:
        type: string
        enum: [black, white, grey, silver, beige, brown, red, orange, yellow, gold, green, blue,
          navy, purple, pink, multicolour]
    brand:
      name: brand
      in: query
      description: Only products of this brand (the feed's, compared without case).
      schema:
        type: string
        maxLength: 200
    q:
      name: q
      in: query
      description: |
        Search as on the page: every word must be found in the product's title, id, brand,
        vendor colour or colour names (case and accents aside).
      schema:
        type: string
        maxLength: 200
    hueMin:
      name: hueMin
      in: query
      description: |
        Only products whose main colour is chromatic with a hue (degrees, 0-360) of at least
        this; with `hueMax` below it, the range wraps through red (330 to 30).
      schema:
        type: number
        minimum: 0
        maximum: 360
    hueMax:
      name: hueMax
      in: query
      description: Only products whose main colour is chromatic with a hue of at most this.
      schema:
        type: number
        minimum: 0
        maximum: 360
    ifNoneMatch:
      name: If-None-Match
      in: header
      description: The `ETag` of a response already held; an unchanged one answers 304.
      schema:
        type: string
  headers:
    ETag:
      description: The catalogue's version, strong.
      schema:
        type: string
    CacheControl:
      description: How long caches may keep the response (`api.cacheControl`).
      schema:
        type: string
  responses:
    NotModified:
      description: The catalogue has not changed since the `ETag` sent.
      headers:
        ETag:
          $ref: "#/components/headers/ETag"
    BadRequest:
      description: A parameter is not valid; the message names it.
      content:
        application/json:
          schema:
            $ref: "#/components/schemas/Error"
    Unauthorized:
      description: No key, or not a known one.
      content:
        application/json:
          schema:
            $ref: "#/components/schemas/Error"
    NotFound:
      description: No such product on the wall; the message names the id.
      content:
        application/json:
          schema:
            $ref: "#/components/schemas/Error"
    Gone:
      description: The token is older than the oldest version kept; sync in full again.
      content:
        application/json:
          schema:
            $ref: "#/components/schemas/Error"
    TooManyRequests:
      description: The key's requests per minute are spent.
      headers:
        Retry-After:
          description: Seconds until the next request is allowed.
          schema:
            type: integer
      content:
        application/json:
          schema:
            $ref: "#/components/schemas/Error"
    Unavailable:
      description: The catalogue cannot be read yet (no run has stored it) or now.
      content:
        application/json:
          schema:
            $ref: "#/components/schemas/Error"
  schemas:
    Error:
      type: object
      required: [error]
      properties:
        error:
          type: object
          required: [code, message]
          properties:
            code:
              type: string
              description: |
                bad-parameter, unauthorized, not-found, method-not-allowed, token-expired,
                too-many-requests, unavailable or internal.
            message:
              type: string
    Color:
      type: object
      required: [hex, share, family, h, s, v]
      properties:
        hex:
          type: string
          description: "#rrggbb"
        share:
          type: number
          description: Its share of the product's pixels, 0-1.
        family:
          type: string
        name:
          type: [string, "null"]
          description: The nearest CSS named colour.
        shopName:
          type: [string, "null"]
          description: The shop's own name for the family (`colorSynonyms`).
        h:
          type: number
        s:
          type: number
        v:
          type: number
    Item:
      type: object
      required: [id]
      properties:
        id:
          type: string
        size:
          type: [string, "null"]
    Product:
      type: object
      required: [id, title, family, colors, decidedBy, items]
      properties:
        id:
          type: string
        title:
          type: string
        brand:
          type: [string, "null"]
        link:
          type: [string, "null"]
        imageUrl:
          type: [string, "null"]
          description: The main image, as the feed gives it.
        image:
          type: [string, "null"]
          description: The image the colours come from.
        family:
          type: [string, "null"]
        secondFamily:
          type: [string, "null"]
          description: |
            The family across the boundary the main colour lies near, under which the `family`
            filter also finds the product; null inside a family and for a person's decision.
        colors:
          type: array
          items:
            $ref: "#/components/schemas/Color"
        vendorColor:
          type: [string, "null"]
        vendorFamily:
          type: [string, "null"]
        decidedBy:
          type: string
          description: analysis, or override when a person's decision holds.
        confidence:
          type: [number, "null"]
        items:
          type: array
          items:
            $ref: "#/components/schemas/Item"
    ProductPage:
      type: object
      required: [products, total, version, syncToken]
      properties:
        products:
          type: array
          items:
            $ref: "#/components/schemas/Product"
        total:
          type: integer
          description: Products matching the filters, on every page.
        nextCursor:
          type: [string, "null"]
        version:
          type: integer
          description: The catalogue's version this page was read from.
        syncToken:
          type: string
          description: Where `/v1/changes` starts for an app holding this version.
    FamilyCount:
      type: object
      required: [family, count]
      properties:
        family:
          type: string
        count:
          type: integer
    FamilyCounts:
      type: object
      required: [families, version]
      properties:
        families:
          type: array
          items:
            $ref: "#/components/schemas/FamilyCount"
        version:
          type: integer
    ChangePage:
      type: object
      required: [changed, removed, version, syncToken]
      properties:
        changed:
          type: array
          description: Products added or changed, as `/v1/products` gives them now.
          items:
            $ref: "#/components/schemas/Product"
        removed:
          type: array
          description: Ids of products no longer on the wall.
          items:
            type: string
        nextCursor:
          type: [string, "null"]
        version:
          type: integer
        syncToken:
          type: string
          description: The token of this version, for the next sync once every page is read.
    Health:
      type: object
      required: [status, version]
      properties:
        status:
          type: string
        version:
          type: integer

"""#
}
