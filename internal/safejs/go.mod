module github.com/hack-pad/safejs

go 1.18
