/** Every word the designer shows. */
export interface DesignerWords {
  canvas: string
  undo: string
  redo: string
  layers: string
  noLayers: string
  /** The name of a text's editor on the canvas; {name}: the layer's. */
  editText: string
  /** The toolbar over the words edited on the canvas. */
  wordTools: string
  /** Sets the selected words in a colour (the swatch's colour follows). */
  colourWords: string
  /** Takes the selected words back to the text's own colour. */
  textColour: string
  /** A colour the design already uses, offered beside the brand's. */
  designColours: string
  boldWords: string
  italicWords: string
  /** Crop mode's hint on the canvas (double click or Enter on a photo); `{name}` is the layer's. */
  cropPhoto: string
  size: string
  /** The sizes dialog: its title and the toolbar button that opens it. */
  sizes: string
  sizesIntro: string
  addSize: string
  addSizeButton: string
  customSize: string
  /** {size}: the size's label. */
  resizeSize: string
  removeSize: string
  lastSize: string
  /** {min}, {max}: the bounds of a side in pixels. */
  sideRange: string
  close: string
  readOnly: string
  toolbar: string
  add: string
  addText: string
  addImage: string
  image: string
  addFixedImage: string
  fixedImage: string
  fixedImageUploading: string
  fixedImageWrongType: string
  fixedImageTooLarge: string
  fixedImageFailed: string
  fixedImageNote: string
  addRectangle: string
  addEllipse: string
  addLine: string
  addQr: string
  qr: string
  qrData: string
  qrLink: string
  qrBackground: string
  qrEcc: string
  qrMargin: string
  newText: string
  duplicate: string
  delete: string
  align: string
  alignLeft: string
  alignCenter: string
  alignRight: string
  alignTop: string
  alignMiddle: string
  alignBottom: string
  distributeHorizontally: string
  distributeVertically: string
  zoom: string
  zoomIn: string
  zoomOut: string
  zoomFit: string
  zoomActual: string
  layersPanel: string
  propertiesPanel: string
  moveUp: string
  moveDown: string
  dragLayer: string
  layerMoved: string
  rename: string
  lock: string
  hide: string
  properties: string
  nothingSelected: string
  selectedCount: string
  name: string
  x: string
  y: string
  width: string
  height: string
  rotation: string
  opacity: string
  text: string
  font: string
  /** The button beside the font's select that opens the searchable font browser, and its parts. */
  browseFonts: string
  searchFonts: string
  allCategories: string
  allScripts: string
  noFontMatches: string
  /** The font library's categories, as the font browser's filter names them. */
  sansSerifFonts: string
  serifFonts: string
  displayFonts: string
  handwritingFonts: string
  monospaceFonts: string
  /** Writing systems, as the font browser's filter names them. */
  latinScript: string
  greekScript: string
  cyrillicScript: string
  arabicScript: string
  hebrewScript: string
  thaiScript: string
  devanagariScript: string
  bengaliScript: string
  tamilScript: string
  khmerScript: string
  weight: string
  /** Each weight's name (100 Thin to 900 Black), shown after its number in the weight select. */
  weight100: string
  weight200: string
  weight300: string
  weight400: string
  weight500: string
  weight600: string
  weight700: string
  weight800: string
  weight900: string
  italic: string
  fontSize: string
  lineHeight: string
  /**
   * The switch of a text's line spacing: on, a line moves down where its ink (stacked marks, subscripts) would
   * touch the line before's; off, every line is exactly the line height below the one before.
   */
  keepLinesClear: string
  letterSpacing: string
  textAlign: string
  alignStart: string
  alignEnd: string
  color: string
  palette: string
  /** Under a colour's hex field when what was typed is no colour. */
  invalidColour: string
  shrinkToFit: string
  minSize: string
  maxLines: string
  /** A text drawn in capitals whatever is typed. */
  capitals: string
  wrapLines: string
  /** A wrapped headline's lines made even in length. */
  evenLines: string
  /** The switch that hyphenates a text's words by its language at line ends. */
  hyphenate: string
  /** The switch that stretches a paragraph's lines, but its last, to the box's width. */
  justify: string
  /** Figures of one width (a price column lines up), and figures set into running text. */
  tabularFigures: string
  oldstyleFigures: string
  /** Lower-case letters as small capitals; the faces' standard ligatures (fi, ffl), on unless unticked. */
  smallCaps: string
  ligatures: string
  /** What a right-to-left paragraph in a left-to-right design does, and its three choices. */
  rtlParagraphs: string
  rtlStart: string
  rtlKeep: string
  rtlMirror: string
  /**
   * A text saved by an earlier release keeps that release's line breaks, spacing and italics; the note saying
   * so, and the button that typesets it by today's rules.
   */
  earlierTypesetting: string
  typesetToday: string
  /** A line under a text's lines, a line through them, and quotes and dashes set typographically as drawn. */
  underline: string
  strikethrough: string
  smartPunctuation: string
  /** The font size and alignment a text takes in the size shown ({size}: its label), over its own. */
  sizeInSize: string
  alignInSize: string
  /** As the layer's own (an override left unset). */
  asDesigned: string
  /** The point of a cropped image kept in view, in % of its width and height. */
  focusX: string
  focusY: string
  shape: string
  rectangle: string
  ellipse: string
  line: string
  fill: string
  gradient: string
  gradientAngle: string
  gradientEnd: string
  radius: string
  /** An image's enlargement past its fit, in percent: with its focus, the crop. */
  imageZoom: string
  brightness: string
  contrast: string
  saturation: string
  grayscale: string
  blur: string
  stroke: string
  strokeWidth: string
  shadow: string
  shadowX: string
  shadowY: string
  shadowBlur: string
  fit: string
  cover: string
  contain: string
  placeholder: string
  boundTo: string
  field: string
  customerFills: string
  labelEn: string
  labelZh: string
  /** A field's column name: its header in the bulk CSV and its name in the API's values. */
  columnName: string
  columnNameHint: string
  columnNameEmpty: string
  columnNameFormat: string
  columnNameReserved: string
  columnNameTaken: string
  maxLength: string
  /** The fewest characters a text field takes (0: it may be left empty). */
  minLength: string
  /** What a text field holds when the customer leaves it as it is: one value, or one per language. */
  defaultValue: string
  defaultEn: string
  defaultZh: string
  multiline: string
  required: string
  sampleEn: string
  sampleZh: string
  options: string
  setBy: string
  setByDesign: string
  setByColour: string
  setByChoice: string
  option: string
  addOption: string
  removeOption: string
  defaultOption: string
  textVAlign: string
  valignTop: string
  valignMiddle: string
  valignBottom: string
  textFromList: string
  optionTextEn: string
  optionTextZh: string
  optionImage: string
  replaceOptionImage: string
  imageSetNote: string
  preview: string
  previewLongText: string
  previewChinese: string
  previewArabic: string
  previewMissingImage: string
  /** The view's switches and the guides (rulers, layout grid, guides dragged from the rulers). */
  showRulers: string
  showGrid: string
  gridSpacing: string
  /** The View menu: rulers, the grid, guides. */
  view: string
  addHorizontalGuide: string
  addVerticalGuide: string
  clearGuides: string
  /** A guide's accessible name; its value says where it lies. */
  horizontalGuide: string
  verticalGuide: string
  /** How a focused guide moves and goes. */
  guideKeys: string
  rulerHint: string
  /** Groups of layers (ADR 0196): the toolbar's buttons, a new group's name ("Group 1"), the layers panel's rows. */
  group: string
  ungroup: string
  groupName: string
  /** A group's row in the layers panel: `{name}` and how many layers it holds (`{count}`). */
  groupRow: string
  foldGroup: string
  unfoldGroup: string
  /**
   * Pages of a design (ADR 0198): the page strip's name, its buttons, the word a new page's name starts with
   * ("Page 3"), a page's button (`{n}`: its place, `{name}`: its name) and what is announced.
   */
  pages: string
  addPage: string
  duplicatePage: string
  deletePage: string
  movePageEarlier: string
  movePageLater: string
  pageName: string
  pageWord: string
  pageButton: string
  pageMoved: string
  pageDeleted: string
  /** Alt+Arrow keys on a page's button move it. */
  pageKeys: string
}

/**
 * The words a host passes (`strings`): any it leaves out come from the locale's, so a host's list made for an
 * earlier version keeps working as words are added.
 */
export type DesignerStrings = Partial<DesignerWords>

export const DESIGNER_STRINGS_EN: DesignerWords = {
  canvas: 'Design',
  undo: 'Undo',
  redo: 'Redo',
  layers: 'Layers',
  noLayers: 'This page is blank: add text, an image or a shape with Add.',
  editText: 'Words of {name}',
  wordTools: 'Selected words',
  colourWords: 'Colour the selected words {colour}',
  textColour: 'Text colour for the selected words',
  designColours: 'Colours of the design',
  boldWords: 'Bold (Ctrl+B)',
  italicWords: 'Italic (Ctrl+I)',
  cropPhoto: 'Cropping {name}: drag the photo in its frame, or use the arrow keys; Enter or Escape to finish',
  size: 'Size',
  sizes: 'Sizes',
  sizesIntro:
    'Each size has a layout of its own. A size you add starts from the first size’s layout, centred and scaled to fit.',
  addSize: 'Add a size',
  addSizeButton: 'Add size',
  customSize: 'Custom size',
  resizeSize: 'Resize {size}',
  removeSize: 'Remove {size}',
  lastSize: 'A design keeps at least one size.',
  sideRange: 'Enter a whole number of pixels from {min} to {max}.',
  close: 'Close',
  readOnly: 'This template opens read-only here: design on a larger screen.',
  toolbar: 'Design tools',
  add: 'Add',
  addText: 'Text',
  addImage: 'Image the customer adds',
  image: 'Image',
  addFixedImage: 'Fixed image (a logo)…',
  fixedImage: 'Logo',
  fixedImageUploading: 'Uploading the image…',
  fixedImageWrongType: 'This file is not a PNG, JPEG or WebP image; choose one of those.',
  fixedImageTooLarge: 'This image is larger than {max} MB; choose a smaller one.',
  fixedImageFailed: 'The image could not be uploaded: {reason}',
  fixedImageNote:
    'A fixed image of the design: every creation shows it, and the customer does not fill it in.',
  addRectangle: 'Rectangle',
  addEllipse: 'Ellipse',
  addLine: 'Line',
  addQr: 'QR code',
  qr: 'QR code',
  qrData: 'Link or text encoded',
  qrLink: 'https://example.com',
  qrBackground: 'Light background',
  qrEcc: 'Error correction',
  qrMargin: 'Quiet zone (modules)',
  newText: 'Your text',
  duplicate: 'Duplicate',
  delete: 'Delete',
  align: 'Align',
  alignLeft: 'Align left',
  alignCenter: 'Align centres horizontally',
  alignRight: 'Align right',
  alignTop: 'Align top',
  alignMiddle: 'Align middles vertically',
  alignBottom: 'Align bottom',
  distributeHorizontally: 'Distribute horizontally',
  distributeVertically: 'Distribute vertically',
  zoom: 'Zoom',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  zoomFit: 'Fit',
  zoomActual: 'Actual size',
  layersPanel: 'Show the layers panel',
  propertiesPanel: 'Show the properties panel',
  moveUp: 'Move up',
  moveDown: 'Move down',
  dragLayer: 'Drag to reorder (Alt+Up or Alt+Down on a layer does the same)',
  layerMoved: '{name} moved to position {position} of {count}',
  rename: 'Rename',
  lock: 'Lock',
  hide: 'Hide',
  properties: 'Properties',
  nothingSelected: 'Select a layer to change it.',
  selectedCount: '{n} layers selected',
  name: 'Name',
  x: 'X',
  y: 'Y',
  width: 'Width',
  height: 'Height',
  rotation: 'Rotation (°)',
  opacity: 'Opacity (%)',
  text: 'Text',
  font: 'Font',
  browseFonts: 'Browse fonts',
  searchFonts: 'Search fonts',
  allCategories: 'All categories',
  allScripts: 'All scripts',
  noFontMatches: 'No font matches',
  sansSerifFonts: 'Sans serif',
  serifFonts: 'Serif',
  displayFonts: 'Display',
  handwritingFonts: 'Handwriting',
  monospaceFonts: 'Monospace',
  latinScript: 'Latin',
  greekScript: 'Greek',
  cyrillicScript: 'Cyrillic',
  arabicScript: 'Arabic',
  hebrewScript: 'Hebrew',
  thaiScript: 'Thai',
  devanagariScript: 'Devanagari',
  bengaliScript: 'Bengali',
  tamilScript: 'Tamil',
  khmerScript: 'Khmer',
  weight: 'Weight',
  weight100: 'Thin',
  weight200: 'Extra Light',
  weight300: 'Light',
  weight400: 'Regular',
  weight500: 'Medium',
  weight600: 'Semibold',
  weight700: 'Bold',
  weight800: 'Extra Bold',
  weight900: 'Black',
  italic: 'Italic',
  fontSize: 'Font size',
  lineHeight: 'Line height',
  keepLinesClear: "Keep lines clear of each other's marks",
  letterSpacing: 'Letter spacing (em)',
  textAlign: 'Alignment',
  alignStart: 'Start',
  alignEnd: 'End',
  color: 'Colour',
  palette: 'Brand colours',
  invalidColour: 'Enter a colour as # and six hex digits, such as #1d4ed8.',
  shrinkToFit: 'Shrink to fit',
  minSize: 'Smallest size',
  maxLines: 'Max lines',
  capitals: 'Capitals',
  wrapLines: 'Wrap lines',
  evenLines: 'Even lines',
  hyphenate: 'Hyphenate',
  justify: 'Justify',
  tabularFigures: 'Tabular figures',
  oldstyleFigures: 'Old-style figures',
  smallCaps: 'Small caps',
  ligatures: 'Ligatures',
  rtlParagraphs: 'Right-to-left paragraphs',
  rtlStart: 'From their own start, at the right',
  rtlKeep: "On the layer's side",
  rtlMirror: 'Mirror the layer',
  earlierTypesetting:
    'This text keeps the line breaks, spacing and italics of the release it was made in, so it draws as it did.',
  typesetToday: "Use today's typesetting",
  underline: 'Underline',
  strikethrough: 'Strikethrough',
  smartPunctuation: 'Smart punctuation',
  sizeInSize: 'Font size in {size}',
  alignInSize: 'Alignment in {size}',
  asDesigned: 'As designed',
  focusX: 'Focus X (%)',
  focusY: 'Focus Y (%)',
  shape: 'Shape',
  rectangle: 'Rectangle',
  ellipse: 'Ellipse',
  line: 'Line',
  fill: 'Fill',
  gradient: 'Gradient',
  gradientAngle: 'Gradient angle (°)',
  gradientEnd: 'Gradient end colour',
  radius: 'Corner radius',
  imageZoom: 'Zoom (crop), %',
  brightness: 'Brightness, %',
  contrast: 'Contrast, %',
  saturation: 'Saturation, %',
  grayscale: 'Greyscale, %',
  blur: 'Blur, px',
  stroke: 'Outline',
  strokeWidth: 'Outline width',
  shadow: 'Shadow',
  shadowX: 'Shadow X',
  shadowY: 'Shadow Y',
  shadowBlur: 'Shadow blur',
  fit: 'Fit',
  cover: 'Fill the box (crop)',
  contain: 'Fit inside the box',
  placeholder: 'Placeholder colour',
  boundTo: 'Set by the field “{field}”',
  field: 'Field',
  customerFills: 'The customer fills this in',
  labelEn: 'Label (English)',
  labelZh: 'Label (Chinese)',
  columnName: 'Column name',
  columnNameHint: 'The header of this field in the bulk CSV, and its name in the API. Kept once saved.',
  columnNameEmpty: 'Give the field a column name.',
  columnNameFormat: 'Use lowercase letters, digits and _, starting with a letter (at most 40).',
  columnNameReserved: '“name” is the column of each image’s name; choose another.',
  columnNameTaken: 'Another field already has this column name.',
  maxLength: 'Max length',
  minLength: 'Min length',
  defaultValue: 'Default',
  defaultEn: 'Default (English)',
  defaultZh: 'Default (Chinese)',
  multiline: 'Several lines',
  required: 'Required',
  sampleEn: 'Sample (English)',
  sampleZh: 'Sample (Chinese)',
  options: 'Options',
  setBy: '{what}: who sets it',
  setByDesign: 'The design (fixed)',
  setByColour: 'The customer: any colour',
  setByChoice: 'The customer: one of the options',
  option: 'Option {n}',
  addOption: 'Add an option',
  removeOption: 'Remove option {n}',
  defaultOption: 'Default option',
  textVAlign: 'Vertical alignment',
  valignTop: 'Top',
  valignMiddle: 'Middle',
  valignBottom: 'Bottom',
  textFromList: 'The customer picks this text from a list',
  optionTextEn: 'Option {n}: text (English)',
  optionTextZh: 'Option {n}: text (Chinese)',
  optionImage: 'Option {n}: image',
  replaceOptionImage: 'Choose the image of option {n}',
  imageSetNote: 'The customer picks one of these images; each option shows its own.',
  preview: 'Preview',
  previewLongText: 'Long text',
  previewChinese: 'Chinese',
  previewArabic: 'Arabic',
  previewMissingImage: 'Missing image',
  showRulers: 'Rulers (Shift+R)',
  showGrid: 'Layout grid (Shift+G)',
  gridSpacing: 'Grid spacing (px)',
  view: 'View',
  addHorizontalGuide: 'Add a horizontal guide',
  addVerticalGuide: 'Add a vertical guide',
  clearGuides: 'Remove the guides of this size',
  horizontalGuide: 'Horizontal guide',
  verticalGuide: 'Vertical guide',
  guideKeys: 'Arrow keys move it (Shift: 10 px), Delete removes it',
  rulerHint: 'Drag from the ruler to add a guide',
  group: 'Group (Ctrl+G)',
  ungroup: 'Ungroup (Ctrl+Shift+G)',
  groupName: 'Group',
  groupRow: '{name}, a group of {count} layers',
  foldGroup: 'Fold {name}',
  unfoldGroup: 'Unfold {name}',
  pages: 'Pages',
  addPage: 'Add page',
  duplicatePage: 'Duplicate page',
  deletePage: 'Delete page',
  movePageEarlier: 'Move page earlier',
  movePageLater: 'Move page later',
  pageName: 'Page name',
  pageWord: 'Page',
  pageButton: 'Page {n}: {name}',
  pageMoved: '{name} is now page {n}',
  pageDeleted: '{name} deleted',
  pageKeys: 'Alt+Left and Alt+Right move the page',
}

export const DESIGNER_STRINGS_ZH_CN: DesignerWords = {
  canvas: '设计',
  undo: '撤销',
  redo: '重做',
  layers: '图层',
  noLayers: '此页面是空白的：用“添加”加入文字、图片或形状。',
  editText: '{name}的文字',
  wordTools: '所选文字',
  colourWords: '将所选文字设为 {colour}',
  textColour: '所选文字恢复文本颜色',
  designColours: '设计中的颜色',
  boldWords: '粗体 (Ctrl+B)',
  italicWords: '斜体 (Ctrl+I)',
  cropPhoto: '正在裁剪{name}：在框内拖动照片，或使用方向键；按 Enter 或 Esc 完成',
  size: '尺寸',
  sizes: '尺寸管理',
  sizesIntro: '每个尺寸都有自己的布局。新增的尺寸从第一个尺寸的布局开始，居中并缩放以适应。',
  addSize: '添加尺寸',
  addSizeButton: '添加',
  customSize: '自定义尺寸',
  resizeSize: '调整{size}的尺寸',
  removeSize: '删除{size}',
  lastSize: '设计至少要保留一个尺寸。',
  sideRange: '请输入 {min} 到 {max} 之间的整数像素。',
  close: '关闭',
  readOnly: '此模板在这里只能查看：请在更大的屏幕上设计。',
  toolbar: '设计工具',
  add: '添加',
  addText: '文字',
  addImage: '由客户添加的图片',
  image: '图片',
  addFixedImage: '固定图片（如标志）…',
  fixedImage: '标志',
  fixedImageUploading: '正在上传图片…',
  fixedImageWrongType: '此文件不是 PNG、JPEG 或 WebP 图片，请选择这几种格式之一。',
  fixedImageTooLarge: '此图片超过 {max} MB，请选择更小的图片。',
  fixedImageFailed: '图片未能上传：{reason}',
  fixedImageNote: '设计中的固定图片：每件作品都会显示它，客户无需填写。',
  addRectangle: '矩形',
  addEllipse: '椭圆',
  addLine: '线条',
  addQr: '二维码',
  qr: '二维码',
  qrData: '编码的链接或文字',
  qrLink: 'https://example.com',
  qrBackground: '浅色背景',
  qrEcc: '纠错级别',
  qrMargin: '静区（模块）',
  newText: '你的文字',
  duplicate: '复制',
  delete: '删除',
  align: '对齐',
  alignLeft: '左对齐',
  alignCenter: '水平居中对齐',
  alignRight: '右对齐',
  alignTop: '顶部对齐',
  alignMiddle: '垂直居中对齐',
  alignBottom: '底部对齐',
  distributeHorizontally: '水平等距分布',
  distributeVertically: '垂直等距分布',
  zoom: '缩放',
  zoomIn: '放大',
  zoomOut: '缩小',
  zoomFit: '适合窗口',
  zoomActual: '实际大小',
  layersPanel: '显示图层面板',
  propertiesPanel: '显示属性面板',
  moveUp: '上移',
  moveDown: '下移',
  dragLayer: '拖动以调整顺序（在图层上按 Alt+上/下方向键效果相同）',
  layerMoved: '{name} 已移到第 {position} 位，共 {count} 个',
  rename: '重命名',
  lock: '锁定',
  hide: '隐藏',
  properties: '属性',
  nothingSelected: '选择一个图层来修改它。',
  selectedCount: '已选择 {n} 个图层',
  name: '名称',
  x: 'X',
  y: 'Y',
  width: '宽度',
  height: '高度',
  rotation: '旋转（°）',
  opacity: '不透明度（%）',
  text: '文字',
  font: '字体',
  browseFonts: '浏览字体',
  searchFonts: '搜索字体',
  allCategories: '全部类别',
  allScripts: '全部文字',
  noFontMatches: '没有匹配的字体',
  sansSerifFonts: '无衬线',
  serifFonts: '衬线',
  displayFonts: '展示',
  handwritingFonts: '手写',
  monospaceFonts: '等宽',
  latinScript: '拉丁文',
  greekScript: '希腊文',
  cyrillicScript: '西里尔文',
  arabicScript: '阿拉伯文',
  hebrewScript: '希伯来文',
  thaiScript: '泰文',
  devanagariScript: '天城文',
  bengaliScript: '孟加拉文',
  tamilScript: '泰米尔文',
  khmerScript: '高棉文',
  weight: '字重',
  weight100: '极细',
  weight200: '特细',
  weight300: '细体',
  weight400: '常规',
  weight500: '中等',
  weight600: '半粗',
  weight700: '粗体',
  weight800: '特粗',
  weight900: '极粗',
  italic: '斜体',
  fontSize: '字号',
  lineHeight: '行高',
  keepLinesClear: '上下行的标记互不重叠',
  letterSpacing: '字间距（em）',
  textAlign: '对齐方式',
  alignStart: '起始',
  alignEnd: '末尾',
  color: '颜色',
  palette: '品牌颜色',
  invalidColour: '请输入 # 加六位十六进制数字的颜色，例如 #1d4ed8。',
  shrinkToFit: '缩小以适应',
  minSize: '最小字号',
  maxLines: '最多行数',
  capitals: '全部大写',
  wrapLines: '自动换行',
  evenLines: '各行等长',
  hyphenate: '自动断词加连字符',
  justify: '两端对齐',
  tabularFigures: '等宽数字',
  oldstyleFigures: '旧式数字',
  smallCaps: '小型大写字母',
  ligatures: '连字',
  rtlParagraphs: '从右向左的段落',
  rtlStart: '从段落自己的起点（右侧）',
  rtlKeep: '保持图层的对齐侧',
  rtlMirror: '镜像整个图层',
  earlierTypesetting: '此文本沿用制作时版本的断行、行距和斜体规则，因此显示与当时一致。',
  typesetToday: '按现行规则排版',
  underline: '下划线',
  strikethrough: '删除线',
  smartPunctuation: '智能标点',
  sizeInSize: '{size}中的字号',
  alignInSize: '{size}中的对齐',
  asDesigned: '与设计相同',
  focusX: '焦点 X（%）',
  focusY: '焦点 Y（%）',
  shape: '形状',
  rectangle: '矩形',
  ellipse: '椭圆',
  line: '线条',
  fill: '填充',
  gradient: '渐变',
  gradientAngle: '渐变角度（°）',
  gradientEnd: '渐变结束颜色',
  radius: '圆角',
  imageZoom: '放大（裁剪），%',
  brightness: '亮度，%',
  contrast: '对比度，%',
  saturation: '饱和度，%',
  grayscale: '灰度，%',
  blur: '模糊，像素',
  stroke: '描边',
  strokeWidth: '描边宽度',
  shadow: '阴影',
  shadowX: '阴影 X',
  shadowY: '阴影 Y',
  shadowBlur: '阴影模糊',
  fit: '适应',
  cover: '填满（裁剪）',
  contain: '完整显示',
  placeholder: '占位颜色',
  boundTo: '由字段“{field}”设置',
  field: '字段',
  customerFills: '由客户填写',
  labelEn: '标签（英文）',
  labelZh: '标签（中文）',
  columnName: '列名',
  columnNameHint: '此字段在批量 CSV 中的表头，也是它在 API 中的名称。保存后不再改变。',
  columnNameEmpty: '请填写字段的列名。',
  columnNameFormat: '请使用小写字母、数字和 _，以字母开头（最多 40 个字符）。',
  columnNameReserved: '“name”是每张图片名称所在的列，请换一个。',
  columnNameTaken: '已有其他字段使用此列名。',
  maxLength: '最大长度',
  minLength: '最小长度',
  defaultValue: '默认值',
  defaultEn: '默认值（英文）',
  defaultZh: '默认值（中文）',
  multiline: '多行',
  required: '必填',
  sampleEn: '示例（英文）',
  sampleZh: '示例（中文）',
  options: '选项',
  setBy: '{what}：由谁设置',
  setByDesign: '设计（固定）',
  setByColour: '客户：任意颜色',
  setByChoice: '客户：从选项中选择',
  option: '选项 {n}',
  addOption: '添加选项',
  removeOption: '删除选项 {n}',
  defaultOption: '默认选项',
  textVAlign: '垂直对齐',
  valignTop: '顶部',
  valignMiddle: '居中',
  valignBottom: '底部',
  textFromList: '客户从列表中选择此文字',
  optionTextEn: '选项 {n}：文字（英文）',
  optionTextZh: '选项 {n}：文字（中文）',
  optionImage: '选项 {n}：图片',
  replaceOptionImage: '选择选项 {n} 的图片',
  imageSetNote: '客户从这些图片中选择一张；每个选项显示各自的图片。',
  preview: '预览',
  previewLongText: '长文本',
  previewChinese: '中文',
  previewArabic: '阿拉伯文',
  previewMissingImage: '缺少图片',
  showRulers: '标尺（Shift+R）',
  showGrid: '布局网格（Shift+G）',
  gridSpacing: '网格间距（像素）',
  view: '视图',
  addHorizontalGuide: '添加水平参考线',
  addVerticalGuide: '添加垂直参考线',
  clearGuides: '移除此尺寸的参考线',
  horizontalGuide: '水平参考线',
  verticalGuide: '垂直参考线',
  guideKeys: '方向键移动（Shift：10 像素），Delete 键删除',
  rulerHint: '从标尺拖出即可添加参考线',
  group: '编组（Ctrl+G）',
  ungroup: '取消编组（Ctrl+Shift+G）',
  groupName: '编组',
  groupRow: '{name}，含 {count} 个图层的编组',
  foldGroup: '折叠 {name}',
  unfoldGroup: '展开 {name}',
  pages: '页面',
  addPage: '添加页面',
  duplicatePage: '复制页面',
  deletePage: '删除页面',
  movePageEarlier: '页面前移',
  movePageLater: '页面后移',
  pageName: '页面名称',
  pageWord: '页面',
  pageButton: '第 {n} 页：{name}',
  pageMoved: '{name} 现在是第 {n} 页',
  pageDeleted: '已删除 {name}',
  pageKeys: 'Alt+左右方向键移动页面',
}
