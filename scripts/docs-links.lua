--[[
docs-links.lua: the guide's links between pages (scripts/build-docs.mjs). The pages are written
as Markdown that reads on its own (`[the CLI](cli.md#check)`), and the HTML links to the built
page (`cli.html#check`). Links elsewhere are left as they are.
]]

function Link(link)
  local page, anchor = link.target:match('^([%w%-]+)%.md(#?.*)$')
  if page then
    link.target = page .. '.html' .. anchor
    return link
  end
end

--- A page's tables scroll sideways on their own at phone widths, never the page (guide.css).
function Table(table)
  return { pandoc.RawBlock('html', '<div class="table-wrap">'), table, pandoc.RawBlock('html', '</div>') }
end
