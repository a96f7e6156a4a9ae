from __future__ import annotations

from django.urls import path

from learn import views

urlpatterns = [
    path("rules/", views.rules_index, name="rules"),
    path("rules/<slug:game>/", views.rules, name="rules-game"),
    path("rules/<slug:game>/short/", views.rules_short, name="rules-short"),
    path("docs/", views.docs_index, name="docs"),
    path("docs/<str:page>/", views.doc, name="doc"),
]
