module github.com/a2ui-go/a2ui

go 1.26
