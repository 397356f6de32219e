/// One picture per layout, after the examples of docs/layouts.md: the golden files under Golden/
/// are these bodies rendered by `POST /v1/render` with `query`. docs/rendering.md shows them.
struct GoldenExample: Sendable {
    var name: String
    var query: String?
    var body: String
}

enum GoldenExamples {
    static let compositional = #"""
        {"layout": {"type": "compositional", "interSectionSpacing": 8, "section": {"interGroupSpacing": 4, "contentInsets": {"leading": 12, "trailing": 12}, "boundarySupplementaryItems": [{"kind": "header", "alignment": "top", "pinToVisibleBounds": true, "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 36}}}], "group": {"axis": "horizontal", "count": 3, "interItemSpacing": {"fixed": 4}, "size": {"width": {"fractionalWidth": 1}, "height": {"fractionalWidth": 0.33}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}, "supplementaryItems": [{"kind": "badge", "size": {"width": {"absolute": 18}, "height": {"absolute": 18}}, "anchor": {"edges": ["top", "trailing"], "fractionalOffset": {"x": 0.3, "y": -0.3}}}]}]}}}, "dataSource": {"sections": [{"itemCount": 12}, {"itemCount": 8, "layout": {"orthogonalScrollingBehavior": "groupPaging", "interGroupSpacing": 10, "contentInsets": {"top": 8, "leading": 16, "bottom": 8, "trailing": 16}, "decorationItems": [{"kind": "background"}], "group": {"axis": "horizontal", "size": {"width": {"fractionalWidth": 0.8}, "height": {"absolute": 160}}, "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}]}}}, {"itemCount": 9}]}, "view": {"bounds": [390, 700]}, "rect": [0, 0, 390, 700]}
        """#

    static let all: [GoldenExample] = [
        GoldenExample(
            name: "flow-pinned-headers",
            body: #"""
                {"layout":{"type":"flow","itemSize":[80,80],"minimumLineSpacing":10,"minimumInteritemSpacing":10,
                  "sectionInset":{"top":10,"left":10,"bottom":10,"right":10},"headerReferenceSize":[0,36],
                  "footerReferenceSize":[0,24],"sectionHeadersPinToVisibleBounds":true},
                 "dataSource":{"sections":[{"itemCount":14},{"items":[[170,80],[80,80],[80,120],[260,60]]}]},
                 "view":{"bounds":[390,420],"contentOffset":{"x":0,"y":160}}}
                """#),
        GoldenExample(
            name: "waterfall",
            body: #"""
                {"layout":{"type":"waterfall","columnCount":3,"headerHeight":32,"footerHeight":20,
                  "sectionInset":{"top":8,"left":8,"bottom":8,"right":8}},
                 "dataSource":{"sections":[{"items":[{"size":[400,300]},{"size":[300,500]},{"size":[600,400]},
                   {"size":[400,640]},{"size":[500,300]},{"size":[300,300]},{"size":[400,560]},{"size":[640,400]},
                   {"size":[300,420]},{"size":[400,400]}]}]},
                 "view":{"bounds":[390,700]}}
                """#),
        GoldenExample(
            name: "justified",
            body: #"""
                {"layout":{"type":"justified","targetRowHeight":120},
                 "dataSource":{"sections":[{"items":[0.5,1.5,1,1.8,0.4,0.7,0.9,1.1,1.7,2,2.1,1.33,0.75,1.5]}]},
                 "view":{"bounds":[600,500]}}
                """#),
        GoldenExample(
            name: "cover-flow",
            body: #"""
                {"layout":{"type":"coverFlow","cellSize":[120,120],"reflection":true,"headerHeight":24},
                 "dataSource":{"sections":[{"itemCount":5},{"itemCount":4}]},
                 "view":{"bounds":[480,320],"contentOffset":{"x":130,"y":0}},"rect":[0,0,900,320]}
                """#),
        GoldenExample(
            name: "line-zoom",
            body: #"""
                {"layout":{"type":"line","itemSize":[120,120],"sectionInset":{"top":60,"left":60,"bottom":60,"right":60},
                  "minimumLineSpacing":30},
                 "dataSource":{"sections":[{"itemCount":8}]},
                 "view":{"bounds":[480,260],"contentOffset":{"x":150,"y":0}}}
                """#),
        GoldenExample(
            name: "circle",
            body: #"""
                {"layout":{"type":"circle","background":true,"itemSize":[56,56]},
                 "dataSource":{"sections":[{"itemCount":12}]},"view":{"bounds":[400,400]}}
                """#),
        GoldenExample(
            name: "tree",
            body: #"""
                {"layout":{"type":"tree","itemSize":[90,36]},
                 "dataSource":{"sections":[{"items":[{"children":[0,1,2]}]},{"items":[{"children":[0,1]},{"children":[2]},{}]},
                   {"itemCount":3}]}}
                """#),
        GoldenExample(
            name: "stack",
            body: #"""
                {"layout":{"type":"stack","itemSize":[180,240],"angleStep":6,"visibleCount":4,"offset":{"x":6,"y":6}},
                 "dataSource":{"sections":[{"itemCount":6}]},"view":{"bounds":[390,420]}}
                """#),
        GoldenExample(
            name: "column",
            body: #"""
                {"layout":{"type":"column","numColumns":3,"padding":6},
                 "dataSource":{"sections":[{"items":[{"height":120},{"height":80},{"height":200},{"height":60},
                   {"height":140},{"height":90},{"height":110},{"height":70},{"height":160}]}]},
                 "view":{"bounds":[390,500]}}
                """#),
        GoldenExample(name: "compositional", body: compositional),
        // The same in a right-to-left view: the axis is flipped (L4), drawn mirrored.
        GoldenExample(
            name: "compositional-rtl",
            body: compositional.replacing(
                #""view": {"bounds": [390, 700]}"#, with: #""view": {"bounds": [390, 700], "layoutDirection": "rightToLeft"}"#)),
        // The options: dark, without labels, twice the pixels.
        GoldenExample(
            name: "cover-flow-dark", query: "theme=dark&labels=false&scale=2",
            body: #"""
                {"layout":{"type":"coverFlow","reflection":true},"dataSource":{"sections":[{"itemCount":7}]},
                 "view":{"bounds":[390,300],"contentOffset":{"x":50,"y":0}},"rect":[0,0,390,300]}
                """#)
    ]
}
