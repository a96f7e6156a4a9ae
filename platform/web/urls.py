from __future__ import annotations

from django.urls import path

from web import theme, tv_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("downloads/client.py", views.client_file, name="client-file"),
    path("theme/", theme.set_theme, name="set-theme"),
]

# TV: the featured live match (web/tv.py).
urlpatterns += [
    path("tv/", tv_views.tv_page, name="tv"),
    path("tv/current.json", tv_views.tv_current, name="tv-current"),
    path("tv/<str:game>/", tv_views.tv_page, name="tv-game"),
    path("tv/<str:game>/current.json", tv_views.tv_current, name="tv-game-current"),
]
