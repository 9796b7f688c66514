--[[
tile-search.lua: <tile-search> IDA* widgets in Pandoc and Quarto documents.

  ::: {.tile-search board="6 4 5 8 2 7 1 0 3" heuristic="manhattan" view="board tree"}
  Figure 1. IDA* on the lecture's challenging case.
  :::

becomes <tile-search board=… heuristic=… view=… caption="Figure 1. …"></tile-search> (any of the
element's attributes; the div's text is the caption, its id the widget's id), and the document
gets the widget's script once. Plain Pandoc:

  pandoc notes.md -s -o notes.html --lua-filter _extensions/tile-search/tile-search.lua
  pandoc notes.md -s -o notes.html --self-contained --lua-filter …   (one file, no server needed)
  pandoc slides.md -s -t revealjs -o slides.html --lua-filter …

Metadata (optional):
  tile-search-build: standalone (default: one classic script with everything inlined; works from
                     disk, from a server and in self-contained output) | module (the ES module,
                     its workers and wasm: smaller and faster to start, needs a web server)
  tile-search-url:   where the HTML finds the assets folder (default: this file's assets/ folder,
                     relative to the output file)

In Quarto the script is added with quarto.doc.add_html_dependency, so Quarto copies (or, with
embed-resources, inlines) it. Other output formats get the caption and a line saying that the
figure is interactive in the HTML version.
]]

local M = {}

--- The element's attributes (www/model/attributes.js; tests/js/attributes.test.mjs holds these
--- lists to its table) and HTML's own that the widget takes; booleans are present or absent.
M.ATTRIBUTES = {
  board = true, heuristic = true, goal = true, algorithm = true, order = true, ['max-reached'] = true, speed = true,
  view = true, controls = true, height = true, caption = true, theme = true, position = true, mode = true,
  id = true, ['aria-label'] = true, style = true, class = true,
}
M.BOOLEANS = { autoplay = true, loop = true }
M.ORDER = { 'id', 'class', 'board', 'heuristic', 'goal', 'algorithm', 'order', 'max-reached', 'speed', 'autoplay', 'loop',
  'view', 'controls', 'height', 'theme', 'position', 'mode', 'caption', 'aria-label', 'style' }
M.VERSION = '0.1.0'

local function warn(message)
  io.stderr:write('[tile-search] ', message, '\n')
end

local function escape(text)
  return (text:gsub('&', '&amp;'):gsub('"', '&quot;'):gsub('<', '&lt;'):gsub('>', '&gt;'))
end

local function truthy(value)
  local v = tostring(value):lower()
  return v ~= 'false' and v ~= 'no' and v ~= 'off' and v ~= '0'
end

--- The <tile-search> markup for a table of attribute → string (unknown names warned about and dropped).
function M.element(attributes)
  local parts = {}
  for name, _ in pairs(attributes) do
    if not M.ATTRIBUTES[name] and not M.BOOLEANS[name] and not name:match('^data%-') then
      warn('unknown attribute "' .. name .. '" left out; the widget takes ' .. table.concat(M.ORDER, ' '))
    end
  end
  local names = {}
  for _, name in ipairs(M.ORDER) do names[#names + 1] = name end
  local extra = {}
  for name, _ in pairs(attributes) do if name:match('^data%-') then extra[#extra + 1] = name end end
  table.sort(extra)
  for _, name in ipairs(extra) do names[#names + 1] = name end
  for _, name in ipairs(names) do
    local value = attributes[name]
    if value ~= nil then
      if M.BOOLEANS[name] then
        if truthy(value) then parts[#parts + 1] = name end
      elseif value ~= '' or name == 'caption' then
        parts[#parts + 1] = name .. '="' .. escape(value) .. '"'
      end
    end
  end
  return '<tile-search ' .. table.concat(parts, ' ') .. '></tile-search>'
end

--- The folder holding this file (and its assets/).
local function here()
  local script = PANDOC_SCRIPT_FILE or (debug.getinfo(1, 'S').source:gsub('^@', ''))
  return pandoc.path.directory(script)
end
M.here = here

local function meta_string(meta, key)
  local value = meta[key]
  if value == nil then return nil end
  return pandoc.utils.stringify(value)
end

--- Where the HTML loads the assets from: tile-search-url, else assets/ next to this file,
--- relative to the output file's folder (or the working folder when writing to stdout).
local function assets_url(meta)
  local url = meta_string(meta, 'tile-search-url')
  if url then return (url:gsub('/$', '')) end
  local cwd = pandoc.system.get_working_directory()
  local absolute = function(path)
    return pandoc.path.normalize(pandoc.path.is_absolute(path) and path or pandoc.path.join({ cwd, path }))
  end
  local assets = absolute(pandoc.path.join({ here(), 'assets' }))
  local output = PANDOC_STATE.output_file
  local from = absolute(output and pandoc.path.directory(output) or '.')
  local ok, relative = pcall(pandoc.path.make_relative, assets, from, true)
  return ((ok and relative or assets):gsub('\\', '/'))
end

local function build_of(meta)
  local build = meta_string(meta, 'tile-search-build') or 'standalone'
  if build ~= 'standalone' and build ~= 'module' then
    warn('tile-search-build: "' .. build .. '" is not a build; use standalone or module. Using standalone.')
    build = 'standalone'
  end
  return build
end

--- The script tag for the document (plain Pandoc).
function M.script(meta)
  local url = assets_url(meta)
  if build_of(meta) == 'module' then
    return '<script type="module" src="' .. escape(url .. '/tile-search.js') .. '"></script>'
  end
  return '<script src="' .. escape(url .. '/tile-search-standalone.js') .. '"></script>'
end

--- Quarto: the widget's files as an HTML dependency (copied next to the output, or inlined).
function M.quarto_dependency(meta)
  if build_of(meta) == 'module' then
    quarto.doc.add_html_dependency({
      name = 'tile-search', version = M.VERSION,
      scripts = { { path = 'assets/tile-search.js', attribs = { type = 'module' } } },
      resources = { 'assets/solver-worker.js', 'assets/tilesearch_bg.wasm', 'assets/tilesearch_shared_bg.wasm' },
    })
  else
    quarto.doc.add_html_dependency({ name = 'tile-search', version = M.VERSION, scripts = { 'assets/tile-search-standalone.js' } })
  end
end

--- HTML output (html, html5, revealjs, …; Quarto's html:js formats).
function M.is_html()
  if quarto then return quarto.doc.is_format('html:js') end
  return FORMAT:match('html') ~= nil or FORMAT == 'revealjs' or FORMAT == 's5' or FORMAT == 'slidy'
    or FORMAT == 'slideous' or FORMAT == 'dzslides' or FORMAT == 'epub' or FORMAT == 'epub3'
end

--- What a non-HTML format shows in place of the widget.
function M.fallback(attributes)
  local text = 'Interactive IDA* figure (board ' .. (attributes.board or '6 4 5 8 2 7 1 0 3')
    .. '): open the HTML version of these notes to run it.'
  local blocks = {}
  if attributes.caption and attributes.caption ~= '' then blocks[#blocks + 1] = pandoc.Para({ pandoc.Str(attributes.caption) }) end
  blocks[#blocks + 1] = pandoc.Para({ pandoc.Emph({ pandoc.Str(text) }) })
  return pandoc.Div(blocks, pandoc.Attr('', { 'tile-search-fallback' }))
end

--- Slides: reveal.js sets a 40px text size and, in its default theme, a black background; the
--- widget takes a third of that size and the theme's darkness. A deck's own CSS can override it.
M.DARK_THEMES = { black = true, night = true, blood = true, moon = true, league = true, dracula = true, ['black-contrast'] = true }
function M.slide_style(meta)
  local variables = PANDOC_WRITER_OPTIONS and PANDOC_WRITER_OPTIONS.variables or {}
  local theme = meta_string(meta, 'theme') or (variables.theme and tostring(variables.theme)) or 'black'
  local scheme = M.DARK_THEMES[theme] and 'dark' or 'light'
  return '<style>.reveal tile-search { font-size: 0.42em; text-align: left; color-scheme: ' .. scheme
    .. '; --tile-search-board-size: 7.5em; --tile-search-tree-height: 13em; }</style>'
end

local function is_slides()
  if quarto then return quarto.doc.is_format('revealjs') end
  return FORMAT == 'revealjs'
end
M.is_slides = is_slides

local used = false
M.mark_used = function() used = true end

local function from_div(div)
  if not div.classes:includes('tile-search') then return nil end
  local attributes = {}
  for key, value in pairs(div.attributes) do attributes[key] = value end
  if div.identifier ~= '' then attributes.id = div.identifier end
  local classes = {}
  for _, class in ipairs(div.classes) do if class ~= 'tile-search' then classes[#classes + 1] = class end end
  -- Pandoc's own template is a 36em column: "wide" lets the widget grow past it to show board
  -- and tree side by side (the element's stylesheet; in a wider column it changes nothing).
  if not quarto and not is_slides() and not div.classes:includes('wide') then classes[#classes + 1] = 'wide' end
  if #classes > 0 then attributes.class = table.concat(classes, ' ') end
  local text = pandoc.utils.stringify(div.content):gsub('%s+', ' '):gsub('^ ', ''):gsub(' $', '')
  if attributes.caption == nil and text ~= '' then attributes.caption = text end
  if not M.is_html() then return M.fallback(attributes) end
  used = true
  return pandoc.RawBlock('html', M.element(attributes))
end

local function add_script(meta)
  if not used or not M.is_html() then return nil end
  if quarto then
    M.quarto_dependency(meta)
    if is_slides() then quarto.doc.include_text('in-header', M.slide_style(meta)) end
    return nil
  end
  local includes = meta['header-includes']
  local html = M.script(meta)
  if is_slides() then html = html .. '\n' .. M.slide_style(meta) end
  local script = pandoc.MetaBlocks({ pandoc.RawBlock('html', html) })
  -- A list of includes, or one value (`header-includes: <meta …>` is one block of raw HTML,
  -- which pandoc 2.17 hands over as a plain table of blocks, like a list's).
  local kind = pandoc.utils.type and pandoc.utils.type(includes)
  if includes == nil then
    meta['header-includes'] = pandoc.MetaList({ script })
  elseif kind == 'List' or (kind == nil and (includes.t == 'MetaList'
      or (type(includes) == 'table' and includes[1] ~= nil and includes.t == nil))) then
    table.insert(includes, script)
    meta['header-includes'] = includes
  else
    local one = includes
    if kind == 'Blocks' then one = pandoc.MetaBlocks(includes) elseif kind == 'Inlines' then one = pandoc.MetaInlines(includes) end
    meta['header-includes'] = pandoc.MetaList({ one, script })
  end
  return meta
end

-- The shortcode (tile-search-shortcode.lua) loads this file for its helpers.
TileSearch = M

return {
  { Div = from_div },
  { Meta = add_script },
}
