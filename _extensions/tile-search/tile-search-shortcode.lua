--[[
The Quarto shortcode: {{< tile-search board="6 4 5 8 2 7 1 0 3" heuristic="manhattan" view="board tree"
caption="Figure 1." >}} is the same widget as the fenced div of tile-search.lua (any of the element's
attributes; a bare word such as autoplay or loop turns that option on).
]]

dofile(quarto.utils.resolve_path('tile-search.lua'))
local M = TileSearch

return {
  ['tile-search'] = function(args, kwargs, meta, _raw, context)
    local attributes = {}
    for key, value in pairs(kwargs) do
      local text = pandoc.utils.stringify(value)
      if text ~= '' then attributes[key] = text end
    end
    for _, word in ipairs(args) do
      local name = pandoc.utils.stringify(word)
      if M.BOOLEANS[name] then attributes[name] = 'true' end
    end
    if not M.is_html() then return M.fallback(attributes) end
    M.quarto_dependency(meta)
    local html = M.element(attributes)
    if context == 'inline' or context == 'text' then return pandoc.RawInline('html', html) end
    return pandoc.RawBlock('html', html)
  end,
}
