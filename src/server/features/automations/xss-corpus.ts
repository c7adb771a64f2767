/**
 * A stored-XSS corpus for automation HTML: script tags, event handlers, javascript:
 * and data: URLs, SVG with script, iframe srcdoc, CSS expressions, broken and nested markup and
 * the mutation-XSS classics. Each payload that could run calls alert(), so a browser test can
 * count dialogs. One harmless link is kept, to check the link rule.
 */
export const XSS_CORPUS = [
  '<a href="https://example.com/safe" target="_self" rel="opener">safe link</a>',
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(2)>',
  '<p onclick="alert(3)" onmouseover=alert(3)>hover me</p>',
  '<body onload=alert(4)>',
  '<details open ontoggle=alert(5)><summary>s</summary></details>',
  '<input autofocus onfocus=alert(6)>',
  '<a href="javascript:alert(7)">js link</a>',
  '<a href="JaVaScRiPt&colon;alert(8)">entity js link</a>',
  '<a href="  java&#x09;script:alert(9)">tabbed js link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxMCk8L3NjcmlwdD4=">data link</a>',
  '<object data="javascript:alert(11)"></object><embed src="javascript:alert(11)">',
  '<svg><script>alert(12)</script></svg>',
  '<svg onload=alert(13)><circle r=5 /></svg>',
  '<svg><a xlink:href="javascript:alert(14)"><text y=20>svg link</text></a></svg>',
  '<iframe srcdoc="<script>alert(15)</script>"></iframe>',
  '<iframe src="javascript:alert(16)"></iframe>',
  '<div style="background:url(javascript:alert(17));width:expression(alert(17))">css expression</div>',
  '<style>@import "javascript:alert(18)"; body{background:url("javascript:alert(18)")}</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(19)">',
  '<base href="javascript:alert(20)//">',
  '<form action="javascript:alert(21)"><button>go</button></form>',
  '<template><script>alert(22)</script></template>',
  '<<script>alert(23)//<</script>',
  '<p><b>unclosed <i>nested <u>deep',
  '<div><p>broken</div></p><img src=x onerror=alert(24)//',
  '<noscript><p title="</noscript><img src=x onerror=alert(25)>"></noscript>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(26)></style></mglyph></table></mtext></math>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(27)>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(28)>">',
  '<listing>&lt;img src=1 onerror=alert(29)&gt;</listing>',
].join('\n');

/** The elements and attributes the allow-list keeps (src/shared/automation-html.ts). */
export const ALLOWED_TAGS = new Set(['P', 'BR', 'HR', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'SMALL', 'SUB', 'SUP', 'MARK', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'CODE', 'PRE', 'SPAN', 'DIV', 'A']);
export const ALLOWED_ATTRS = new Set(['href', 'title', 'target', 'rel']);
